import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL as NodeURL } from 'node:url';
import ts from 'typescript';

/** A literal the scan lets through, and why (a brand, a developer's message): each must still match, or the scan reports it as stale. */
export type AllowedLiteral = {
  /** The file, relative to the scanned folder, with `/`. */
  file: string;
  /** A piece of the reported text that marks it. */
  text: string;
  why: string;
};

export type HardCodedWordsOptions = {
  /** The test's own `import.meta.url`. */
  from: string;
  /**
   * The package's `src/` folder, relative to the test (`'../'` from `src/i18n/`). Resolved here with Node's URL:
   * vitest rewrites a test's `new URL(…, import.meta.url)` in a browser-like environment (jsdom).
   */
  folder: string;
  /**
   * Which files under `folder` are web code (their path relative to it, with `/`). The default: `*.web.ts(x)`
   * and everything under `web/`; a package whose whole `src` is web code passes `() => true`.
   */
  isWebCode?: (path: string) => boolean;
  allowed?: readonly AllowedLiteral[];
};

/** Attributes a person reads or hears (a Tooltip's `title` too). */
const SHOWN_ATTRIBUTES = new Set([
  'label',
  'title',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'placeholder',
  'helperText',
  'noOptionsText',
  'loadingText',
]);

/** Catalogs and test helpers are not screens. */
const NOT_SCREENS = /(^|\/)(i18n|test|testing|test-utils)\//;

const defaultWebCode = (path: string) => /\.web\.tsx?$/.test(path) || path.startsWith('web/');

/** A word of two Latin letters or more: what a catalog word would replace (`—`, `:` or `·` are not words). */
const LATIN_WORD = /[A-Za-z]{2,}/;
/** The start of an English sentence built in a template literal (`Loading ${x}`, `Award ${n} to …`). */
const SENTENCE_START = /^[A-Z][a-z]+ /;

const rootOf = ({ from, folder }: Pick<HardCodedWordsOptions, 'from' | 'folder'>) => fileURLToPath(new NodeURL(folder, from));

/** The web sources the scan reads: `.ts`/`.tsx` under `folder` that are web code, tests, catalogs and test helpers aside. */
export function webSources({ from, folder, isWebCode = defaultWebCode }: Pick<HardCodedWordsOptions, 'from' | 'folder' | 'isWebCode'>): string[] {
  return readdirSync(rootOf({ from, folder }), { recursive: true, encoding: 'utf8' })
    .map((path) => path.replaceAll('\\', '/'))
    .filter((path) => /\.tsx?$/.test(path) && !/\.(test|spec)\.tsx?$/.test(path) && !path.endsWith('.d.ts'))
    .filter((path) => !NOT_SCREENS.test(path) && isWebCode(path))
    .sort();
}

/** The literal text of a string or template (a template's fixed parts), or undefined for anything else. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isConditionalExpression(node)) return [literalText(node.whenTrue), literalText(node.whenFalse)].filter(Boolean).join(' ') || undefined;
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) return literalText(node.right);
  return undefined;
}

/** A developer's message (`new Error(…)`, `new TypeError(…)`): not shown as it is (the error screen says its own words). */
function isErrorMessage(node: ts.Node): boolean {
  const parent = node.parent;
  return !!parent && ts.isNewExpression(parent) && /Error$/.test(parent.expression.getText());
}

/** What one file shows in English, each as `line: what`. */
function fileFindings(path: string, text: string): { line: number; what: string }[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { line: number; what: string }[] = [];
  const add = (node: ts.Node, what: string) => found.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, what });
  const visit = (node: ts.Node) => {
    // A brand mark is `translate="no"` (development.md): its words are not the catalogs'.
    if (ts.isJsxElement(node) && node.openingElement.attributes.properties.some((attribute) => ts.isJsxAttribute(attribute) && attribute.name.getText(source) === 'translate' && attribute.initializer?.getText(source) === '"no"')) return;
    if (ts.isJsxText(node)) {
      const words = node.text.replace(/\s+/g, ' ').trim();
      if (LATIN_WORD.test(words)) add(node, `text "${words}"`);
    } else if (ts.isJsxAttribute(node) && node.initializer && SHOWN_ATTRIBUTES.has(node.name.getText(source))) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      const words = value && literalText(value);
      if (words && LATIN_WORD.test(words)) add(node, `${node.name.getText(source)}=${value.getText(source)}`);
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) && !ts.isTemplateExpression(node.expression)) {
      // A string given as a child in braces (`{'Loading…'}`, `{open ? 'Hide' : 'Show'}`); templates are the sentence rule's.
      const words = literalText(node.expression);
      if (words && LATIN_WORD.test(words)) add(node, `text ${node.getText(source)}`);
    } else if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.name) && SHOWN_ATTRIBUTES.has(node.name.text)) {
      // A shown attribute passed as a slot's prop (`slotProps={{ htmlInput: { 'aria-label': 'Amount' } }}`).
      const words = literalText(node.initializer);
      if (words && LATIN_WORD.test(words)) add(node, `'${node.name.text}': ${node.initializer.getText(source)}`);
    } else if (ts.isCallExpression(node) && /(^|\.)enqueueSnackbar$/.test(node.expression.getText(source)) && node.arguments[0]) {
      const words = literalText(node.arguments[0]);
      if (words && LATIN_WORD.test(words)) add(node, `snackbar ${node.arguments[0].getText(source)}`);
    } else if (ts.isTemplateExpression(node) && SENTENCE_START.test(node.head.text) && !isErrorMessage(node)) {
      add(node, `sentence ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every English literal the package's web code shows a person instead of a catalog word (issue 29): JSX text or a
 * string child in braces, a shown attribute (also as a slot's `'aria-label': …` prop) (`label`, `title`, `aria-label`, `alt`, `placeholder`, `helperText`, …) given a literal, a
 * snackbar's literal, an English sentence built in a template literal; as `path:line: what`. An element marked
 * `translate="no"` (a brand) and a `new …Error(…)`'s message (for the developer) are not looked at. Also every
 * allow-list entry that no longer matches (the list cannot outlive its reason). An empty list: the screens take
 * their words from the catalogs.
 */
export function hardCodedWords(options: HardCodedWordsOptions): string[] {
  const allowed = options.allowed ?? [];
  const used = new Set<AllowedLiteral>();
  const found: string[] = [];
  const root = rootOf(options);
  for (const path of webSources(options)) {
    for (const { line, what } of fileFindings(path, readFileSync(join(root, path), 'utf8'))) {
      const allowance = allowed.find((entry) => entry.file === path && what.includes(entry.text));
      if (allowance) used.add(allowance);
      else found.push(`${path}:${line}: ${what}`);
    }
  }
  for (const entry of allowed) if (!used.has(entry)) found.push(`allowed but not found (remove it): ${entry.file}: ${entry.text}`);
  return found;
}
