import { catalogWords, defineCatalog, type Catalog, type Language } from '@propdesk/i18n';
import type { Crumb, DomainModule, DomainWordsSource, NavItem } from '../manifest.js';

/**
 * The words the domain packages ship beside their own catalogs, merged from every module the app
 * composes: each module's Arabic is a dynamic import of its own, loaded (all of them together, once)
 * the first time a page needs Arabic; English users never download them.
 *
 * - `definitionWords`: the definitions' words by `definitionKeys` key (`units.fields.status.options.sold`),
 *   applied by the records engine with `localizeResource`.
 * - `manifestWords`: the sidebar entries', breadcrumb titles' and trails' words, keyed by their English
 *   (a sidebar label, its crumb title and trail step are the same name, so one word serves all three).
 */
const definitionSources = new Set<DomainWordsSource['ar']>();
const manifestSources = new Set<DomainWordsSource['ar']>();

async function merged(sources: ReadonlySet<DomainWordsSource['ar']>) {
  const parts = await Promise.all([...sources].map((load) => load()));
  return { default: Object.assign({}, ...parts.map((part) => part.default)) as Record<string, string> };
}

export const definitionWordsCatalog: Catalog = defineCatalog<string>('definitions', {}, () => merged(definitionSources));
export const manifestWordsCatalog: Catalog = defineCatalog<string>('manifests', {}, () => merged(manifestSources));

/** Takes each module's word sources (called once, when the app's modules are composed, before any render). */
export function registerDomainWords(modules: readonly DomainModule[]): void {
  for (const module of modules) {
    if (module.definitionWords) definitionSources.add(module.definitionWords.ar);
    if (module.manifestWords) manifestSources.add(module.manifestWords.ar);
  }
}

/** The definitions' words in a language (English: none, the definitions are English); undefined while not loaded. */
export function definitionWordsIn(language: Language): Readonly<Record<string, string>> | undefined {
  return language === 'en' ? EMPTY : (catalogWords(definitionWordsCatalog, language) as Readonly<Record<string, string>> | undefined);
}
const EMPTY: Readonly<Record<string, string>> = Object.freeze({});

/** A manifest's English name (sidebar label, crumb title or trail step) in a language; itself when it has no word. */
export function manifestWord(english: string, language: Language): string {
  if (language === 'en') return english;
  return (catalogWords(manifestWordsCatalog, language)?.[english] as string | undefined) ?? english;
}

/** Every name a module shows in the sidebar and the breadcrumbs (what its `manifestWords` must cover). */
export function manifestNames(module: DomainModule): string[] {
  const names = new Set<string>();
  const visit = (item: NavItem) => {
    names.add(item.label);
    for (const child of item.children ?? []) visit(child);
  };
  for (const section of module.nav) visit(section);
  for (const crumb of Object.values<Crumb>(module.crumbs)) {
    names.add(crumb.title);
    for (const step of crumb.trail) names.add(step);
  }
  return [...names];
}

/** What a module's Arabic manifest words lack or hold for nothing (a test per domain package expects none). */
export async function manifestWordsProblems(module: DomainModule): Promise<string[]> {
  if (!module.manifestWords) return [`${module.id} has no manifestWords`];
  const words = (await module.manifestWords.ar()).default;
  const names = manifestNames(module);
  const known = new Set(names);
  const problems: string[] = [];
  for (const name of names) {
    const word = words[name];
    if (word === undefined) problems.push(`"${name}" has no Arabic`);
    else if (!/[\u0600-\u06FF]/.test(word)) problems.push(`"${name}": "${word}" has no Arabic letter`);
  }
  for (const name of Object.keys(words)) if (!known.has(name)) problems.push(`"${name}" is no sidebar entry or breadcrumb of ${module.id} (stale)`);
  return problems;
}
