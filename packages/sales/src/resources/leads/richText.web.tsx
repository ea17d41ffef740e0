import type { Params, Translate } from '@propdesk/i18n';
import { Fragment, type ReactNode } from 'react';

/** Private-use characters around a node's number: never in a catalog's words or in data people type. */
const MARKED = /\uE000(\d+)\uE001/;

/**
 * A catalog's sentence with React nodes in place of some of its parameters (a lead's name in bold, an
 * amount isolated in `<bdi>`): the catalog keeps the whole sentence, so Arabic puts them where its own
 * order wants them, and the text reads exactly as the plain sentence would (same words, same spaces).
 */
export function richText<K extends string>(t: Translate<K>, key: K, params: Params, nodes: Readonly<Record<string, ReactNode>>): ReactNode {
  const names = Object.keys(nodes);
  const marked: Params = { ...params };
  names.forEach((name, index) => {
    marked[name] = `\uE000${index}\uE001`;
  });
  const parts = t(key, marked).split(MARKED);
  // split with a group: even parts are text, odd parts are the node numbers.
  return parts.map((part, index) => <Fragment key={index}>{index % 2 === 0 ? part : nodes[names[Number(part)] ?? '']}</Fragment>);
}

/** Data (a name, an amount, a code) inside a sentence: it keeps its own direction in right-to-left text. */
export function isolate(value: ReactNode): ReactNode {
  return <bdi>{value}</bdi>;
}
