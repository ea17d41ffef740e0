import { canonicalEntity, type EntityDeclaration } from '@propdesk/privileges';
import type { ResourceDef } from './definition.js';
import type { ScreenLinks } from './links.js';

/**
 * A document's public face (issue 30): one typed object per resource folder (`<folder>/document.ts`)
 * that bundles what the rest of the product may know of it — its definitions, its states (the typed
 * tuple its `definition.ts` declares), its screen's links (from its `links.ts`) and the privilege
 * entities it declares (as the spec spells them). A domain's manifest lists its documents; its folders,
 * its definitions and its part of the entity registry are derived from that list, not written again.
 */
export type DocumentSpec<Folder extends string, States extends readonly string[], Links extends ScreenLinks | undefined> = {
  /** The folder's name under `src/resources` (`hold-requests`): its server module is found by it. */
  folder: Folder;
  /** The definitions the folder owns, in the order their tables are made (none for a screen or a service). */
  definitions: readonly ResourceDef[];
  /** The document's states, the typed tuple of its `definition.ts`; they must be a definition's status options. */
  states?: States;
  /** Its screen's links (`links.ts`): the face's `route`, `link(id)` and `linkToCreate(params)`. */
  links?: Links;
  /** The privilege entities the folder declares (name as the spec spells it, label, group, place in the group, actions). */
  entities?: readonly EntityDeclaration[];
};

/** What the face adds when the document has a screen: its links at hand. */
type LinksPart<Links extends ScreenLinks | undefined> = Links extends ScreenLinks ? Pick<ScreenLinks, 'route' | 'link' | 'linkToCreate'> : { readonly route?: undefined };

export type DocumentFace<Folder extends string = string, States extends readonly string[] = readonly string[], Links extends ScreenLinks | undefined = ScreenLinks | undefined> = {
  readonly folder: Folder;
  readonly definitions: readonly ResourceDef[];
  /** The states tuple (empty for a document without states). */
  readonly states: States;
  readonly links: Links;
  readonly entities: readonly EntityDeclaration[];
} & LinksPart<Links>;

/** A document's state type: `DocumentState<typeof chequeDocument>` is `'received' | 'deposited' | …`. */
export type DocumentState<Document extends { readonly states: readonly string[] }> = Document['states'][number];

/** Whether the states are a definition's status field (its `statusField`, else its `status`), or a message saying why not. */
function statesProblem(folder: string, definitions: readonly ResourceDef[], states: readonly string[]): string | null {
  const owner = definitions.find((def) => {
    const field = def.fields[def.statusField ?? 'status'];
    return field?.options !== undefined && field.options.length === states.length && field.options.every((option, index) => option === states[index]);
  });
  return owner ? null : `document ${folder}: its states (${states.join(', ')}) are no definition’s status options`;
}

/**
 * A folder's face, checked: its states are one of its definitions' status options (in order), and
 * its entities are each declared once.
 */
export function defineDocument<const Folder extends string, const States extends readonly string[] = readonly [], Links extends ScreenLinks | undefined = undefined>(
  spec: DocumentSpec<Folder, States, Links>,
): DocumentFace<Folder, States, Links> {
  const states = (spec.states ?? []) as unknown as States;
  if (states.length > 0) {
    const problem = statesProblem(spec.folder, spec.definitions, states);
    if (problem) throw new Error(problem);
  }
  const entities = spec.entities ?? [];
  const names = entities.map((entity) => canonicalEntity(entity.name));
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw new Error(`document ${spec.folder}: entity ${twice} is declared twice`);
  const links = spec.links as Links;
  const linkPart = links ? { route: links.route, link: links.link, linkToCreate: links.linkToCreate } : {};
  return { folder: spec.folder, definitions: spec.definitions, states, links, entities, ...linkPart } as DocumentFace<Folder, States, Links>;
}

/** A manifest's documents by folder, as a record of each folder's definitions (keys typed from the list). */
export type FoldersOf<Documents extends readonly DocumentFace[]> = { readonly [D in Documents[number] as D['folder']]: readonly ResourceDef[] };

/** The folders of a domain's documents (name → definitions), in the list's order; a folder listed twice is an error. */
export function foldersOf<const Documents extends readonly DocumentFace[]>(domain: string, documents: Documents): FoldersOf<Documents> {
  const folders: Record<string, readonly ResourceDef[]> = {};
  for (const document of documents) {
    if (folders[document.folder]) throw new Error(`${domain}: document ${document.folder} is listed twice`);
    folders[document.folder] = document.definitions;
  }
  return folders as FoldersOf<Documents>;
}

/** The privilege entities a domain's documents declare, in the documents' order; an entity declared twice is an error. */
export function entitiesOf(domain: string, documents: readonly DocumentFace[]): readonly EntityDeclaration[] {
  const seen = new Map<string, string>();
  for (const document of documents) {
    for (const entity of document.entities) {
      const name = canonicalEntity(entity.name);
      const before = seen.get(name);
      if (before) throw new Error(`${domain}: entity ${name} is declared by ${before} and ${document.folder}`);
      seen.set(name, document.folder);
    }
  }
  return documents.flatMap((document) => document.entities);
}
