import { useT } from '@propdesk/i18n/react';
import { getResource, registerResources, ResourcePage, type FormExtension } from '@propdesk/records/web';
import { createElement } from 'react';
import { SALES_RESOURCES } from '../manifest.js';
import { DuplicateNotice } from './DuplicateNotice.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';

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

/** Add Lead (Sales Form): the walk-in's few fields; the rest can wait for the lead's page. */
const WALK_IN_LAYOUT = [['fullName'], ['phone'], ['email'], ['projects'], ['source', 'walkinLocation']] as const;

/**
 * The engine's create page of `leads` with the duplicate check and the form's own heading, words and
 * save button in the page's language. A page of its own rather than the engine's screen with static
 * extras: the heading and button are strings the words must give at each render (a change of language
 * from the user menu, or another account signed in on the same page, shows them in the new language).
 */
function LeadCreatePage({ walkIn }: { walkIn: boolean }) {
  registerResources(SALES_RESOURCES);
  const t = useT(salesCatalog);
  return (
    <ResourcePage
      def={getResource('leads')}
      mode="create"
      formExtension={duplicateCheck}
      createTitle={t(walkIn ? 'leadForm.walkInTitle' : 'leadForm.addTitle')}
      createIntro={t(walkIn ? 'leadForm.walkInIntro' : 'leadForm.addIntro')}
      createLabel={t('leadForm.save')}
      {...(walkIn ? { createLayout: WALK_IN_LAYOUT } : {})}
    />
  );
}

/** Add New Lead: the whole form; the lead is the creator's once saved. */
export function AddLeadPage() {
  return <LeadCreatePage walkIn={false} />;
}

/** Add Lead (Sales Form): the walk-in's short form, saved as Add New Lead saves. */
export function WalkInLeadPage() {
  return <LeadCreatePage walkIn />;
}
