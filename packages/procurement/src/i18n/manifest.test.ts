import { describe, expect, it } from 'vitest';
import { manifestNames, manifestWordsProblems } from '@propdesk/shell-ui';
import { procurementModule } from '../web/procurementModule.js';

describe("the procurement sidebar's and breadcrumbs' Arabic", () => {
  it('has a word for every name the module shows, and none for a name it does not', async () => {
    expect(await manifestWordsProblems(procurementModule)).toEqual([]);
  });

  it('covers the sidebar and the crumbs', () => {
    expect(manifestNames(procurementModule)).toEqual(expect.arrayContaining(['Procurement', 'Suppliers']));
  });
});
