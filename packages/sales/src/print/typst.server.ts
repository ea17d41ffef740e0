import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';

/**
 * Printing with Typst (`@myriaddreamin/typst-ts-node-compiler`: the Typst compiler as a Node addon,
 * its linux/mac/windows binaries shipped as npm packages, nothing downloaded at run time). Typst
 * shapes Arabic (joined letters), lays out right to left and orders mixed Arabic, Latin and digits
 * by the Unicode bidi rules, which pdfkit cannot. The fonts come from the `vazirmatn` npm package
 * (OFL; Arabic and Latin in one family; its PDFs give text back in reading order with pdftotext,
 * which Noto Naskh's did not).
 *
 * Data never becomes Typst source: a template reads it from `sys.inputs.data` (JSON), so a
 * customer's name cannot inject markup.
 */
const require = createRequire(import.meta.url);

let compiler: NodeCompiler | null = null;

function fontFiles(): Buffer[] {
  const root = join(dirname(require.resolve('vazirmatn/package.json')), 'fonts', 'ttf');
  return ['Vazirmatn-Regular.ttf', 'Vazirmatn-Bold.ttf'].map((file) => readFileSync(join(root, file)));
}

/**
 * The folder a document's files live in (the company logo): never the disk, only files mapped into
 * the compiler for one compile (`mapShadow`), so no print reads the server's working directory.
 */
export const PRINT_ROOT = '/propdesk-print';

/** The one compiler of the process (creating it loads the fonts, ~50 ms). */
function typst(): NodeCompiler {
  compiler ??= NodeCompiler.create({ workspace: PRINT_ROOT, fontArgs: [{ fontBlobs: fontFiles() }] });
  return compiler;
}

export const PRINT_FONT = 'Vazirmatn';

/**
 * Compiles a Typst `source` with `data` as `sys.inputs.data` into a PDF; `files` (name → bytes) are
 * readable by the source as `/name` for this compile only (compiling is synchronous, so no other
 * print sees them).
 */
export function renderPdf(source: string, data: unknown, files: Readonly<Record<string, Uint8Array>> = {}): Buffer {
  const engine = typst();
  const names = Object.keys(files);
  for (const name of names) engine.mapShadow(`${PRINT_ROOT}/${name}`, Buffer.from(files[name]!));
  let result: ReturnType<NodeCompiler['compile']>;
  try {
    result = engine.compile({ mainFileContent: source, inputs: { data: JSON.stringify(data) } });
  } finally {
    for (const name of names) engine.unmapShadow(`${PRINT_ROOT}/${name}`);
  }
  const document = result.result;
  if (result.hasError() || !document) {
    const error = result.takeError();
    const detail = error ? JSON.stringify(error.shortDiagnostics).slice(0, 500) : 'unknown error';
    throw new Error(`The document could not be laid out: ${detail}`);
  }
  // A fixed timestamp: the same document and data give the same bytes (and the same hash).
  return engine.pdf(document, { creationTimestamp: 0 });
}

export const sha256 = (content: Uint8Array) => createHash('sha256').update(content).digest('hex');

/** The Typst preamble every document shares: A4, the font, the language and its direction. */
export function preamble(lang: 'ar' | 'en'): string {
  return `#let d = json(bytes(sys.inputs.data))
#set page(paper: "a4", margin: (x: 1.8cm, y: 1.6cm), footer: context align(center, text(dir: ltr, size: 9pt, counter(page).display("1 / 1", both: true))))
#set text(font: "${PRINT_FONT}", size: 10.5pt, lang: "${lang}", dir: ${lang === 'ar' ? 'rtl' : 'ltr'})
#set par(justify: false, leading: 0.7em)
#set table(stroke: 0.5pt + luma(140), inset: 5pt)
`;
}
