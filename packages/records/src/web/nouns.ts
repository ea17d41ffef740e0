/**
 * A resource's name inside a sentence ("New purchase order", "Filter hold requests"): lower case,
 * except words that are acronyms (EOI, PO), which stay as written ("New EOI payment").
 */
export function inSentence(text: string): string {
  return text
    .split(' ')
    .map((word) => (/^[A-Z0-9]{2,}s?$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}
