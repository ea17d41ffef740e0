// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 30: web code calls the server through api-client only. The shared ESLint config refuses
 * `fetch` (and its cousins) and an `apiRequest` import in web code; this checks that the rule is on
 * for the web app, so removing it fails here and not only in review.
 */
const appDir = fileURLToPath(new URL('..', import.meta.url));

async function problems(code: string, file = 'src/probe.ts') {
  const eslint = new ESLint({ cwd: appDir });
  const [result] = await eslint.lintText(code, { filePath: `${appDir}${file}` });
  return (result?.messages ?? []).map((message) => `${message.line}:${message.ruleId}`);
}

describe('web code calls the server only through api-client (lint)', () => {
  it('refuses fetch, window.fetch, EventSource and an apiRequest import', async () => {
    const code = [
      "import { apiRequest } from '@propdesk/api-client';",
      "export const a = () => fetch('/api/x');",
      "export const b = () => window.fetch('/api/x');",
      "export const c = () => new EventSource('/api/x');",
      'export const d = apiRequest;',
    ].join('\n');
    expect(await problems(code)).toEqual(['1:no-restricted-imports', '2:no-restricted-globals', '3:no-restricted-properties', '4:no-restricted-globals']);
  }, 60_000);

  it('exempts no web file: the account language module, once on a list of pending files, is covered too', async () => {
    const code = "import { apiRequest } from '@propdesk/api-client';\nexport const a = () => apiRequest('/api/users/me');\n";
    expect(await problems(code, 'src/accountLanguage.ts')).toEqual(['1:no-restricted-imports']);
  }, 60_000);

  it('lets the named calls of api-client through, and a test use fetch', async () => {
    const code = "import { checkSession, openDownload } from '@propdesk/api-client';\nexport const a = () => checkSession();\nexport const b = () => openDownload('/api/x');\n";
    expect(await problems(code)).toEqual([]);
    expect(await problems("export const a = () => fetch('/api/x');\n", 'src/probe.test.ts')).toEqual([]);
  }, 60_000);
});
