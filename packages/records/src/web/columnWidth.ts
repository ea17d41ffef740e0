/**
 * The width a key column (a document's or a cheque's number) needs to show its longest value and its
 * header whole: measured with the page's font on a canvas, or estimated where there is none (tests).
 */
const CELL_PADDING = 24;
/** The header's padding, sort arrow and column menu button beside its text. */
const HEADER_EXTRA = 72;
const FONT_SIZE = 14;

let context: CanvasRenderingContext2D | null | undefined;

function canvasContext(): CanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  // jsdom has no canvas (and says so on the console): estimate there.
  const jsdom = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom');
  context = jsdom || typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  return context;
}

/** The width of a text in px at 14 px in the page's font and the given weight. */
export function textWidth(text: string, weight: 400 | 500 = 400): number {
  const canvas = canvasContext();
  if (!canvas) return Math.ceil(text.length * (weight === 500 ? 9 : 8.5));
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  canvas.font = `${weight} ${FONT_SIZE}px ${family}`;
  return Math.ceil(canvas.measureText(text).width);
}

/** A key column's width: its header (with its buttons) or its widest value, whichever is wider. */
export function keyColumnWidth(header: string, values: readonly string[]): number {
  const widest = values.reduce((most, value) => Math.max(most, value ? textWidth(value) : 0), 0);
  return Math.max(textWidth(header, 500) + HEADER_EXTRA, widest + CELL_PADDING);
}
