import { describe, expect, it } from 'vitest';
import { manifestNames, manifestWordsProblems } from '@propdesk/shell-ui';
import { settingsModule } from '../web/settingsModule.js';

describe("the settings sidebar's and breadcrumbs' Arabic", () => {
  it('has a word for every name the module shows, and none for a name it does not', async () => {
    expect(await manifestWordsProblems(settingsModule)).toEqual([]);
  });

  it('covers the sidebar and the crumbs (a test that lists nothing would pass on nothing)', () => {
    expect(manifestNames(settingsModule)).toEqual(expect.arrayContaining(['Sources', 'Lead Statuses', 'Settings', 'Create Role']));
  });
});
