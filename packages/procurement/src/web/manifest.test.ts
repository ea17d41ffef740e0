// The test reads the resource folders from disk (web code never imports node:*, this test of it does).
// eslint-disable-next-line no-restricted-imports
import { existsSync, readdirSync } from 'node:fs';
import { webManifestProblems } from '@propdesk/shell-ui';
import { describe, expect, it } from 'vitest';
import { PROCUREMENT_FOLDERS } from '../resources/manifest.js';
import { PROCUREMENT_SECTIONS, PROCUREMENT_WEB_FOLDERS } from './manifest.js';

const resources = new URL('../resources/', import.meta.url);
const foldersWithScreens = readdirSync(resources, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/screens.web.ts`, resources)))
  .map((entry) => entry.name);

describe('the procurement web manifest', () => {
  it('lists every resource folder with a screens.web.ts and only those, all of the server manifest, every section given screens', () => {
    expect(foldersWithScreens.length).toBe(5);
    expect(webManifestProblems({ foldersWithScreens, webFolders: PROCUREMENT_WEB_FOLDERS, serverFolders: Object.keys(PROCUREMENT_FOLDERS), sections: Object.keys(PROCUREMENT_SECTIONS) })).toEqual([]);
  });
});
