import { createRecord, engineTransaction, updateRecord, type EngineContext } from '@propdesk/records/server';
import { companyProfile } from '../model/definitions/company.js';
import { DEMO_LOGO_PNG_BASE64 } from './demoLogo.js';

const SYSTEM = { auth: null, source: 'system' as const };

/** A plausible Egyptian developer: the seller every demo print names. */
export const DEMO_COMPANY = {
  name: 'Al Manara Real Estate Development S.A.E.',
  nameAr: 'شركة المنارة للتطوير العقاري ش.م.م',
  address: 'Plot 12, 90th Street North, Fifth Settlement, New Cairo, Cairo, Egypt',
  addressAr: 'قطعة ١٢، شارع التسعين الشمالي، التجمع الخامس، القاهرة الجديدة، القاهرة، مصر',
  commercialRegister: '154872 Cairo',
  taxCard: '512-347-896',
  phone: '+20225378000',
  email: 'contracts@almanara-dev.com.eg',
};

/**
 * The demo company profile with its logo, written through the engine once across processes (its own
 * claim, so a database seeded before the profile existed gets it on its next start).
 */
export async function seedCompanyDemo(engine: EngineContext): Promise<boolean> {
  return engineTransaction(engine, async (tx) => {
    const claimed = await tx.query("insert into app_state (key, value) values ('demo-company-seeded', 'true'::jsonb) on conflict (key) do nothing returning key");
    if (claimed.rows.length === 0) return false;
    if ((await tx.query('select 1 from company_profile limit 1')).rows.length > 0) return false;
    const profile = await createRecord(engine, tx, companyProfile, SYSTEM, { ...DEMO_COMPANY });
    const logo = Buffer.from(DEMO_LOGO_PNG_BASE64, 'base64');
    await tx.query("insert into company_logos (profile_id, content_type, content) values ($1, 'image/png', $2)", [profile.id, logo]);
    await updateRecord(engine, tx, companyProfile, SYSTEM, profile.id, { logoType: 'image/png', logoSize: logo.length, logoUpdatedOn: new Date().toISOString() }, { ignoreVersion: true, allowReadOnly: true, action: 'logo', reason: 'Demo logo' });
    return true;
  });
}
