import { f, type FieldDef, type ResourceDef } from '@propdesk/records/model';

const datetime = (label: string, options: Omit<FieldDef, 'kind' | 'label'> = {}): FieldDef => ({ kind: 'datetime', label, ...options });

/** The logo's limits: PNG or JPEG (what every print can embed), at most 1 MB. */
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
export const LOGO_MAX_BYTES = 1024 * 1024;
/** Neither side above this many pixels (a letterhead needs a few hundred). */
export const LOGO_MAX_PIXELS = 4000;

/**
 * The seller company (issue 25): the one record every print names (contracts' "the seller",
 * receipts, statements, broker statements, procurement's requests and orders), in English and
 * Arabic, with its commercial register and tax card numbers and its logo. A singleton: its screen
 * opens the record itself; it is changed, never deleted. The logo is uploaded apart
 * (`PUT /api/company-profile/{id}/logo`, kept in the database) and described here by its type and size.
 */
export const companyProfile: ResourceDef = {
  name: 'company-profile',
  table: 'company_profile',
  label: 'Company Profile',
  singular: 'Company profile',
  entity: 'companyProfile',
  route: '/settings/general/companyProfile',
  singleton: true,
  hasActive: false,
  fields: {
    name: f.text('Company name', { required: true, maxLength: 160, searchable: true }),
    nameAr: f.text('Company name in Arabic', { required: true, maxLength: 160, searchable: true, help: 'As the Arabic prints name the seller.' }),
    address: f.text('Address', { required: true, maxLength: 300 }),
    addressAr: f.text('Address in Arabic', { required: true, maxLength: 300 }),
    commercialRegister: f.text('Commercial register no.', { required: true, maxLength: 40, help: 'With its office, e.g. 123456 Cairo.' }),
    taxCard: f.text('Tax card no.', { maxLength: 40, help: 'e.g. 200-123-456.' }),
    phone: f.phone('Phone'),
    email: f.email('E-mail'),
    // What the logo is (the bytes are kept apart); the panel under the view shows the image itself.
    logoType: f.text('Logo type', { readOnly: true, hidden: true, maxLength: 20 }),
    logoSize: f.integer('Logo size (bytes)', { readOnly: true, hidden: true }),
    logoUpdatedOn: datetime('Logo uploaded', { readOnly: true, emptyText: 'No logo yet' }),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'nameAr', 'commercialRegister', 'taxCard'],
  formLayout: [['name', 'nameAr'], ['address', 'addressAr'], ['commercialRegister', 'taxCard'], ['phone', 'email']],
  rule: (values) => {
    const problems: { field: string; message: string }[] = [];
    if (typeof values.nameAr === 'string' && values.nameAr.trim() !== '' && !/[\u0600-\u06FF]/.test(values.nameAr)) problems.push({ field: 'nameAr', message: 'Write it in Arabic letters' });
    if (typeof values.addressAr === 'string' && values.addressAr.trim() !== '' && !/[\u0600-\u06FF]/.test(values.addressAr)) problems.push({ field: 'addressAr', message: 'Write it in Arabic letters' });
    return problems;
  },
};
