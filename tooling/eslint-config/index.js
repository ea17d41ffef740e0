// Shared ESLint flat config. `propdeskConfig({ name })` enforces the dependency direction of
// docs/architecture.md: each workspace package may import only the @propdesk packages below it.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Which @propdesk packages each package may import (the layers of architecture.md). */
export const ALLOWED_IMPORTS = {
  '@propdesk/privileges': [],
  // The languages runtime sits at the bottom with privileges: every package may use it (it is not
  // in ALL below, so no package is forbidden it) and it imports none of ours.
  '@propdesk/i18n': [],
  '@propdesk/finance': [],
  '@propdesk/server-kit': ['privileges'],
  '@propdesk/api-client': ['privileges'],
  '@propdesk/auth-session': ['privileges', 'server-kit', 'api-client'],
  '@propdesk/notifications-core': ['privileges', 'server-kit', 'api-client', 'auth-session'],
  '@propdesk/shell-ui': ['privileges', 'api-client', 'auth-session', 'notifications-core'],
  '@propdesk/records': ['finance', 'privileges', 'server-kit', 'api-client', 'auth-session', 'notifications-core', 'shell-ui'],
  '@propdesk/sales': ['finance', 'privileges', 'server-kit', 'api-client', 'auth-session', 'notifications-core', 'shell-ui', 'records'],
  '@propdesk/settings': ['finance', 'privileges', 'server-kit', 'api-client', 'auth-session', 'notifications-core', 'shell-ui', 'records'],
  '@propdesk/procurement': ['finance', 'privileges', 'server-kit', 'api-client', 'auth-session', 'notifications-core', 'shell-ui', 'records'],
};

const ALL = ['finance', 'privileges', 'server-kit', 'api-client', 'auth-session', 'notifications-core', 'shell-ui', 'records', 'sales', 'settings', 'procurement'];

function forbiddenPackages(name) {
  const allowed = ALLOWED_IMPORTS[name];
  if (!allowed) return []; // apps compose everything
  const self = name.replace('@propdesk/', '');
  return ALL.filter((p) => p !== self && !allowed.includes(p)).map((p) => `@propdesk/${p}`);
}

/**
 * Issue 30, "one data layer in the browser": web code calls the server only through api-client (its
 * RTK Query endpoints and named calls: `postSignIn`, `postLogout`, `checkSession`, `openDownload`,
 * `notificationRequest`, `readPrivileges`, `readAccount`, `countRecords`, …), never `fetch` or
 * `apiRequest` itself. No web file is exempt (tests aside).
 */
const WEB_CALLS_MESSAGE = 'Web code calls the server through api-client (an RTK Query endpoint or a named call it exports), never fetch or apiRequest itself (issue 30).';
const directCallPaths = [{ name: '@propdesk/api-client', importNames: ['apiRequest'], message: WEB_CALLS_MESSAGE }];

const crossPackageRelative = {
  group: ['**/packages/*/**', '**/apps/*/**', '../../../*'],
  message: 'Import another workspace package by its name, never by a relative path.',
};

/**
 * @param {{ name: string, react?: boolean }} options  name: the package's own name.
 */
export function propdeskConfig({ name, react = true }) {
  const forbidden = forbiddenPackages(name);
  const layerPatterns = forbidden.length
    ? [{ group: forbidden.flatMap((p) => [p, `${p}/*`]), message: `${name} may not import this package (dependency direction, docs/architecture.md).` }]
    : [];
  const restrict = (extra = [], paths = []) => [
    'error',
    { paths, patterns: [crossPackageRelative, ...layerPatterns, ...extra] },
  ];
  const webOnly = { group: ['@propdesk/*/server', 'node:*', 'fastify', 'pg', '@electric-sql/*', '**/*.server', '**/*.server.js'], message: 'Web code never imports server code.' };
  // The web app's code is all web code; a package's is its src/web and *.web.* files.
  const webFiles = name === '@propdesk/web' ? ['src/**'] : ['src/web/**', 'src/**/*.web.ts', 'src/**/*.web.tsx'];
  const webCalls =
    name === '@propdesk/api-client'
      ? []
      : [
          {
            files: webFiles,
            ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
            rules: {
              'no-restricted-globals': ['error', ...['fetch', 'XMLHttpRequest', 'EventSource'].map((name) => ({ name, message: WEB_CALLS_MESSAGE }))],
              'no-restricted-properties': ['error', ...['window', 'globalThis', 'self'].map((object) => ({ object, property: 'fetch', message: WEB_CALLS_MESSAGE }))],
              'no-restricted-imports': restrict(name === '@propdesk/web' ? [] : [webOnly], directCallPaths),
            },
          },
        ];

  return tseslint.config(
    { ignores: ['dist/**', 'coverage/**', '.reports/**', 'node_modules/**', 'test-results/**'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: { globals: { ...globals.browser, ...globals.node } },
      rules: {
        '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-imports': 'error',
        'no-restricted-imports': restrict(),
        // Issue 30: a function a newcomer can read. Blank lines and comments do not count.
        'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true }],
      },
    },
    {
      // A test's describe block is a list of cases, not one function to read.
      files: ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts', 'tests/**'],
      rules: { 'max-lines-per-function': 'off' },
    },
    ...(react
      ? [{ plugins: { 'react-hooks': reactHooks }, rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' } }]
      : []),
    {
      // A resource's folder (src/resources/<name>/) keeps both sides apart by file name:
      // `*.server.ts` (lifecycle, jobs) and `definition.ts` are server or model code, `*.web.tsx` web code.
      files: ['src/server/**', 'src/model/**', 'src/**/*.server.ts', 'src/**/definition.ts'],
      rules: {
        'no-restricted-imports': restrict([
          { group: ['@propdesk/*/web', 'react', 'react-dom', 'react-*', '@mui/*', '**/*.web', '**/*.web.js'], message: 'Server and model code never imports web code.' },
        ]),
      },
    },
    {
      files: ['src/web/**', 'src/**/*.web.ts', 'src/**/*.web.tsx', 'src/**/*.web.test.ts', 'src/**/*.web.test.tsx'],
      rules: {
        'no-restricted-imports': restrict([webOnly]),
      },
    },
    ...webCalls,
  );
}
