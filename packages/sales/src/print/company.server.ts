import type { Queryable } from '@propdesk/server-kit';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { preamble, renderPdf } from './typst.server.js';

type Lang = 'ar' | 'en';

const WORDS = {
  en: { register: 'Commercial register', taxCard: 'Tax card' },
  ar: { register: 'سجل تجاري', taxCard: 'بطاقة ضريبية' },
};

/** The seller as a print shows it, in the print's language (null: no company profile yet). */
export type PrintCompany = { name: string; address: string; register: string; taxCard: string; contact: string; logo: string | null };

type CompanyRow = {
  name: string; name_ar: string | null; address: string | null; address_ar: string | null; commercial_register: string | null; tax_card: string | null;
  phone: string | null; email: string | null; logo_type: string | null; logo: Uint8Array | null;
};

/**
 * The company profile (Settings › Company Profile, a singleton read by its table's name) for a print:
 * its name and address in the print's language (the other language's when one is missing), its
 * register and tax card numbers (Arabic-Indic digits in Arabic) and its logo's bytes.
 */
export async function printCompany(db: Queryable, lang: Lang): Promise<{ company: PrintCompany | null; files: Record<string, Uint8Array> }> {
  const rows = await db.query<CompanyRow>(
    `select p.name, p.name_ar, p.address, p.address_ar, p.commercial_register, p.tax_card, p.phone, p.email, l.content_type as logo_type, l.content as logo
       from company_profile p left join company_logos l on l.profile_id = p.id order by p.created_on limit 1`,
  );
  const row = rows.rows[0];
  if (!row) return { company: null, files: {} };
  const W = WORDS[lang];
  // Register and tax card numbers are document numbers: written as they are, one left-to-right run
  // (isolated, so their hyphens do not reorder them inside right-to-left text).
  const number = (text: string) => (lang === 'ar' ? `\u2066${text}\u2069` : text);
  const phone = row.phone ? (parsePhoneNumberFromString(row.phone)?.formatInternational() ?? row.phone) : '';
  const logoName = row.logo && row.logo_type ? (row.logo_type === 'image/jpeg' ? 'logo.jpg' : 'logo.png') : null;
  return {
    company: {
      name: (lang === 'ar' ? row.name_ar : row.name) || row.name || row.name_ar || '',
      address: (lang === 'ar' ? row.address_ar : row.address) || row.address || row.address_ar || '',
      register: row.commercial_register ? `${W.register} ${number(row.commercial_register)}` : '',
      taxCard: row.tax_card ? `${W.taxCard} ${number(row.tax_card)}` : '',
      contact: [phone, row.email ?? ''].filter(Boolean).join('  ·  '),
      logo: logoName ? `/${logoName}` : null,
    },
    files: logoName && row.logo ? { [logoName]: new Uint8Array(row.logo) } : {},
  };
}

/**
 * Every print's letterhead: the logo at the start of the line, the company's name, address,
 * register and tax card numbers beside it (right to left in Arabic), then a rule. Phone and
 * e-mail keep their left-to-right order in an Arabic print.
 */
const LETTERHEAD = `
#let co = d.at("company", default: none)
#if co != none {
  grid(columns: if co.logo != none { (1.7cm, 1fr) } else { (1fr,) }, column-gutter: 10pt, align: horizon,
    ..if co.logo != none { (image(co.logo, height: 1.7cm),) } else { () },
    [#text(size: 13pt, weight: "bold", co.name) \\
     #text(size: 8.5pt, co.address) \\
     #text(size: 8.5pt, (co.register, co.taxCard).filter(x => x != "").join("  ·  ")) #if co.contact != "" [ \\ #text(size: 8.5pt, dir: ltr, co.contact) ]])
  v(-2pt)
  line(length: 100%, stroke: 0.8pt + rgb("#0b4f6c"))
  v(2pt)
}
`;

/** A document in `lang` under the company's letterhead: `template` reads `d` (with `d.company`). */
export async function renderCompanyPdf(db: Queryable, lang: Lang, template: string, data: Record<string, unknown>): Promise<{ content: Buffer; company: PrintCompany | null }> {
  const { company, files } = await printCompany(db, lang);
  return { content: renderPdf(preamble(lang) + LETTERHEAD + template, { ...data, company }, files), company };
}

/**
 * The language a customer's document prints in when the caller names none: the customer's own
 * (`customers.language`, issue 29), Arabic when they have none (the developer's contracts are Arabic).
 */
export async function customerPrintLanguage(db: Queryable, customerId: string | null | undefined): Promise<Lang> {
  if (!customerId) return 'ar';
  const found = await db.query<{ language: string | null }>('select language from customers where id = $1', [customerId]);
  return found.rows[0]?.language === 'en' ? 'en' : 'ar';
}
