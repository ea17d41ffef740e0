import { describe, expect, it } from 'vitest';
import { manifestNames, manifestWordsProblems } from '@propdesk/shell-ui';
import { salesModule } from '../web/salesModule.js';

describe("the sales sidebar's and breadcrumbs' Arabic", () => {
  it('has a word for every name the module shows, and none for a name it does not', async () => {
    expect(await manifestWordsProblems(salesModule)).toEqual([]);
  });

  it('covers the sidebar and the crumbs', () => {
    expect(manifestNames(salesModule)).toEqual(expect.arrayContaining(['Leads']));
  });
});
