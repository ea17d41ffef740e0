import type { FormExtension, ResourcePageProps } from '@propdesk/records/web';
import { createElement } from 'react';
import { DuplicateNotice } from './DuplicateNotice.web.js';

/**
 * The lead form is the engine's form of `leads` (its phones are the engine's E.164 phone inputs
 * with a country) plus this extension: while a phone or email is typed, the open lead that already
 * has it is named (and can be asked for). It adds no body keys; the server refuses the duplicate.
 */
export const duplicateCheck: FormExtension = {
  create: {},
  update: {},
  defaults: () => ({}),
  render: ({ values, record }) =>
    createElement(DuplicateNotice, {
      phone: typeof values.phone === 'string' ? values.phone : '',
      phone2: typeof values.phone2 === 'string' ? values.phone2 : '',
      email: typeof values.email === 'string' ? values.email : '',
      excludeId: record?.id,
    }),
};

type Extras = Omit<ResourcePageProps, 'def' | 'mode'>;

/** Add New Lead: the whole form; the lead is the creator's once saved. */
export const addLeadPage: Extras = {
  formExtension: duplicateCheck,
  createTitle: 'Add New Lead',
  createIntro: 'The lead is yours once saved. Its phones and email are checked against the open leads while you type.',
  createLabel: 'Save lead',
};

/** Add Lead (Sales Form): the walk-in's few fields; the rest can wait for the lead's page. */
export const walkInLeadPage: Extras = {
  ...addLeadPage,
  createLayout: [['fullName'], ['phone'], ['email'], ['projects'], ['source', 'walkinLocation']],
  createTitle: 'Walk-in lead',
  createIntro: 'Name, phone, project and source are enough; the rest can wait for the lead’s page.',
};
