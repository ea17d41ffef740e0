import { describe, expect, it } from 'vitest';
import { customScreen, navLink, type ScreenDeclaration } from './declare.js';
import { assembleSections, webManifestProblems, type FolderScreens, type SectionFrame } from './folderScreens.js';

describe('assembleSections', () => {
  const page = (path: string): ScreenDeclaration => customScreen(path, path, async () => () => null);
  const pathsOf = (items: readonly unknown[]) => items.map((item) => (item as { path?: string; link?: string }).path ?? (item as { link: string }).link);
  const sections = {
    group: { id: 'g', label: 'Group', mode: 'sales', order: 1, trail: ['Sales', 'Group'] },
    one: { id: 'o', mode: 'sales', order: 2, trail: ['Sales'] },
    hidden: { trail: ['Settings'] },
  } satisfies Record<string, SectionFrame>;
  type Key = keyof typeof sections;

  it('builds the sections in their order, items by place and then by folder order', () => {
    const given: Record<string, FolderScreens<Key>> = {
      a: [{ section: 'group', items: [page('/a1'), page('/a2')], pages: [page('/a-page')] }, { section: 'group', place: 2, items: [page('/a3')] }],
      b: [{ section: 'group', place: 1, items: [navLink('B', '/b')] }, { section: 'one', screen: page('/one') }],
      c: [{ section: 'hidden', pages: [page('/c')] }, { section: 'group', place: 2, items: [page('/c1')] }],
    };
    const [group, one, hidden] = assembleSections(sections, given);
    expect(group).toMatchObject({ id: 'g', label: 'Group', mode: 'sales', order: 1, trail: ['Sales', 'Group'] });
    expect(pathsOf((group as { items: readonly unknown[] }).items)).toEqual(['/a1', '/a2', '/b', '/a3', '/c1']);
    expect(pathsOf((group as { pages: readonly unknown[] }).pages)).toEqual(['/a-page']);
    expect(one).toMatchObject({ id: 'o', screen: { path: '/one' } });
    expect(hidden).toEqual({ trail: ['Settings'], pages: [expect.objectContaining({ path: '/c' })] });
  });

  it('refuses a section given nothing, or what its kind cannot hold', () => {
    const complete: Record<string, FolderScreens<Key>> = {
      a: [{ section: 'group', items: [page('/a')] }, { section: 'one', screen: page('/one') }, { section: 'hidden', pages: [page('/h')] }],
    };
    expect(() => assembleSections(sections, complete)).not.toThrow();
    expect(() => assembleSections(sections, { ...complete, b: [{ section: 'one', screen: page('/two') }] })).toThrow(/exactly one screen/);
    expect(() => assembleSections(sections, { ...complete, b: [{ section: 'hidden', items: [page('/x')] }] })).toThrow(/lists no sidebar items/);
    expect(() => assembleSections(sections, { ...complete, b: [{ section: 'group', screen: page('/x') }] })).toThrow(/is a group/);
    expect(() => assembleSections(sections, { a: complete.a!.filter((part) => part.section !== 'group') })).toThrow(/is a group/);
    expect(() => assembleSections(sections, { ...complete, b: [{ section: 'nowhere' as Key, items: [page('/x')] }] })).toThrow(/not a section/);
  });
});

describe('webManifestProblems', () => {
  const screens = (section: string): FolderScreens<string> => [{ section, items: [customScreen('/x', 'X', async () => () => null)] }];

  it('finds nothing wrong with a manifest that lists exactly the folders with screens', () => {
    expect(webManifestProblems({ foldersWithScreens: ['a', 'b'], webFolders: { a: screens('one'), b: screens('two') }, serverFolders: ['a', 'b', 'c'], sections: ['one', 'two'] })).toEqual([]);
  });

  it('names each kind of drift', () => {
    expect(
      webManifestProblems({ foldersWithScreens: ['a', 'b', 'new'], webFolders: { a: screens('one'), b: [], gone: screens('one') }, serverFolders: ['a', 'b', 'new'], sections: ['one', 'two'] }),
    ).toEqual([
      'new has a screens.web.ts the web manifest does not list',
      'gone is listed but has no screens.web.ts',
      'gone is not a folder of the server manifest',
      'b gives no screens',
      'no folder gives section two screens',
    ]);
  });
});
