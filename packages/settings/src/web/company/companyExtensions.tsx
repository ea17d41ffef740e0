import type { ResourcePageProps } from '@propdesk/records/web';
import { CompanyLogoPanel } from './CompanyLogoPanel.js';

/** What the company profile's screen adds to the engine's page: the logo under its view. */
export const companyExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  renderExtra: (record) => <CompanyLogoPanel record={record} />,
};
