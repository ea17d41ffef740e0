import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Catalog, Messages } from './index.js';

/** The argument names a message uses (`{name}`, `{count, plural, ...}`), nested ones included. */
function argumentNames(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(element.value);
      for (const option of Object.values(element.options)) argumentNames(option.value, into);
    }
    if (element.type === TYPE.tag) argumentNames(element.children, into);
  }
  return into;
}

function namesOf(message: string): Set<string> | string {
  try {
    return argumentNames(parse(message));
  } catch (error) {
    return `does not parse: ${(error as Error).message}`;
  }
}

/**
 * What is wrong with a catalog, in words a test prints: a key in one language and not the other,
 * an empty word, a message that does not parse as ICU, or one language using other parameters than
 * the other. An empty list is a complete catalog.
 */
export async function catalogProblems(catalog: Catalog): Promise<string[]> {
  const module = await catalog.loadAr();
  const ar = ('default' in module && typeof module.default === 'object' ? module.default : module) as Partial<Messages>;
  const en = catalog.en as Messages;
  const problems: string[] = [];
  const name = (key: string) => `${catalog.namespace}.${key}`;
  for (const key of Object.keys(en)) if (!(key in ar)) problems.push(`${name(key)} has no Arabic`);
  for (const key of Object.keys(ar)) if (!(key in en)) problems.push(`${name(key)} has no English`);
  for (const key of Object.keys(en)) {
    const english = en[key]!;
    const arabic = ar[key];
    if (!english.trim()) problems.push(`${name(key)} is empty in English`);
    if (arabic === undefined) continue;
    if (!arabic.trim()) problems.push(`${name(key)} is empty in Arabic`);
    const enNames = namesOf(english);
    const arNames = namesOf(arabic);
    if (typeof enNames === 'string') problems.push(`${name(key)} (en) ${enNames}`);
    if (typeof arNames === 'string') problems.push(`${name(key)} (ar) ${arNames}`);
    if (typeof enNames !== 'string' && typeof arNames !== 'string') {
      const a = [...enNames].sort().join(',');
      const b = [...arNames].sort().join(',');
      if (a !== b) problems.push(`${name(key)} takes {${a}} in English but {${b}} in Arabic`);
    }
  }
  return problems;
}
