import type { ScreenDeclaration, ScreenGroup, SectionDeclaration, UnlistedScreens } from './declare.js';

// A domain's web manifest (issue 16): the sidebar sections declared once, and one line per resource
// folder naming the folder's `screens.web.ts`, whose screens join those sections.

type GroupSection = Extract<SectionDeclaration, { items: unknown }>;
type OneScreenSection = Extract<SectionDeclaration, { screen: unknown }>;

/**
 * A sidebar section as the web manifest declares it, without its screens (they come from the
 * resource folders): a group (`label`), the entry of one screen (no `label`), or screens with a
 * breadcrumb trail and no sidebar entry of this domain (no `mode`).
 */
export type SectionFrame = Omit<GroupSection, 'items' | 'pages'> | Omit<OneScreenSection, 'screen'> | Omit<UnlistedScreens, 'pages'>;

/** What one resource folder's `screens.web.ts` gives one section of the web manifest. */
export type SectionScreens<Section extends string> = {
  /** The section (a key of the web manifest's sections) the screens join. */
  section: Section;
  /**
   * Where they go among the section's other screens, ascending (default 0); equal places keep the
   * order of the web manifest's folders.
   */
  place?: number;
  /** Its sidebar items in a group, in order. */
  items?: ScreenGroup['items'];
  /** Screens opened from the section that its sidebar does not list (all of an unlisted section's). */
  pages?: readonly ScreenDeclaration[];
  /** The screen of a one-screen section. */
  screen?: ScreenDeclaration;
};

/** A resource folder's screens, by the sections they join. */
export type FolderScreens<Section extends string> = readonly SectionScreens<Section>[];

/**
 * The sections of a domain module from the web manifest: each declared section, in the manifest's
 * order, with the screens the folders give it (by `place`, then in the order of `folders`). A
 * section given nothing, or given what its kind cannot hold, is a mistake of the manifest: it throws.
 */
export function assembleSections<Section extends string>(
  sections: Readonly<Record<Section, SectionFrame>>,
  folders: Readonly<Partial<Record<string, FolderScreens<Section>>>>,
): (SectionDeclaration | UnlistedScreens)[] {
  const given = Object.entries(folders).flatMap(([folder, screens]) => (screens ?? []).map((part) => ({ folder, part })));
  for (const { folder, part } of given) {
    if (!Object.hasOwn(sections, part.section)) throw new Error(`The screens of ${folder} join '${part.section}', which is not a section of the web manifest.`);
  }
  return (Object.keys(sections) as Section[]).map((key) => {
    const frame: SectionFrame = sections[key];
    const parts = given
      .filter(({ part }) => part.section === key)
      .sort((a, b) => (a.part.place ?? 0) - (b.part.place ?? 0))
      .map(({ part }) => part);
    const items = parts.flatMap((part) => part.items ?? []);
    const pages = parts.flatMap((part) => part.pages ?? []);
    const screens = parts.flatMap((part) => (part.screen ? [part.screen] : []));
    if (!('mode' in frame)) {
      if (items.length > 0 || screens.length > 0 || pages.length === 0) throw new Error(`Section '${key}' lists no sidebar items: it takes pages, at least one.`);
      return { ...frame, pages };
    }
    if ('label' in frame) {
      if (screens.length > 0 || items.length === 0) throw new Error(`Section '${key}' is a group: it takes items, at least one.`);
      return pages.length > 0 ? { ...frame, items, pages } : { ...frame, items };
    }
    const [screen, ...more] = screens;
    if (!screen || more.length > 0 || items.length > 0 || pages.length > 0) throw new Error(`Section '${key}' is one screen's entry: it takes exactly one screen.`);
    return { ...frame, screen };
  });
}

/**
 * What is wrong with a domain's web manifest, given the resource folders that hold a
 * `screens.web.ts` (read from disk by the domain's test) and its server manifest's folders: a folder
 * with screens not listed, a listed folder without them or unknown to the server manifest, a
 * section no folder gives screens, a listed folder that gives none. Empty when all is well.
 */
export function webManifestProblems(options: {
  foldersWithScreens: readonly string[];
  webFolders: Readonly<Record<string, FolderScreens<string> | undefined>>;
  serverFolders: readonly string[];
  sections: readonly string[];
}): string[] {
  const listed = Object.keys(options.webFolders);
  const problems = [
    ...options.foldersWithScreens.filter((folder) => !listed.includes(folder)).map((folder) => `${folder} has a screens.web.ts the web manifest does not list`),
    ...listed.filter((folder) => !options.foldersWithScreens.includes(folder)).map((folder) => `${folder} is listed but has no screens.web.ts`),
    ...listed.filter((folder) => !options.serverFolders.includes(folder)).map((folder) => `${folder} is not a folder of the server manifest`),
    ...listed.filter((folder) => (options.webFolders[folder] ?? []).length === 0).map((folder) => `${folder} gives no screens`),
  ];
  const joined = new Set(Object.values(options.webFolders).flatMap((screens) => (screens ?? []).map((part) => part.section)));
  problems.push(...options.sections.filter((section) => !joined.has(section)).map((section) => `no folder gives section ${section} screens`));
  return problems;
}
