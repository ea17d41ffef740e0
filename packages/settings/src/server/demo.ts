import { countries as COUNTRIES } from 'countries-list';
import type { SeedData } from '@propdesk/records/server';

/**
 * The settings demo data: deterministic (no randomness, no clock), so every first start shows the
 * same company. References are written by name, as a person would write them; the engine
 * resolves them. Departments, roles and users come from the auth seed.
 */
const NATIONALITIES: readonly [string, string][] = [
  ['Egyptian', 'EG'], ['Saudi', 'SA'], ['Emirati', 'AE'], ['Kuwaiti', 'KW'], ['Qatari', 'QA'], ['Bahraini', 'BH'], ['Omani', 'OM'],
  ['Jordanian', 'JO'], ['Lebanese', 'LB'], ['Syrian', 'SY'], ['Iraqi', 'IQ'], ['Palestinian', 'PS'], ['Libyan', 'LY'], ['Tunisian', 'TN'],
  ['Algerian', 'DZ'], ['Moroccan', 'MA'], ['Sudanese', 'SD'], ['Yemeni', 'YE'], ['Turkish', 'TR'], ['Iranian', 'IR'], ['British', 'GB'],
  ['American', 'US'], ['Canadian', 'CA'], ['French', 'FR'], ['German', 'DE'], ['Italian', 'IT'], ['Spanish', 'ES'], ['Dutch', 'NL'],
  ['Swiss', 'CH'], ['Swedish', 'SE'], ['Russian', 'RU'], ['Ukrainian', 'UA'], ['Chinese', 'CN'], ['Indian', 'IN'], ['Pakistani', 'PK'],
  ['Filipino', 'PH'], ['Nigerian', 'NG'], ['Kenyan', 'KE'], ['South African', 'ZA'], ['Australian', 'AU'],
];

const AREAS: readonly [string, string][] = [
  ['New Cairo', 'Cairo'], ['New Administrative Capital', 'Cairo'], ['Sheikh Zayed', 'Giza'], ['6th of October', 'Giza'],
  ['North Coast', 'Matrouh'], ['Ain Sokhna', 'Suez'], ['Mostakbal City', 'Cairo'], ['El Gouna', 'Red Sea'],
];

const PROJECTS = [
  { name: 'Palm Heights', code: 'PH', area: 'New Cairo', site: 'New Cairo Sales Centre', status: 'launched', launchDate: '2025-03-01', deliveryDate: '2029-06-30', blocks: 6, floors: 14, perFloor: 10, base: 28_000 },
  { name: 'Zayed Residences', code: 'ZR', area: 'Sheikh Zayed', site: 'Zayed Sales Centre', status: 'under_construction', launchDate: '2024-01-15', deliveryDate: '2027-12-31', blocks: 6, floors: 12, perFloor: 8, base: 32_000 },
  { name: 'North Coast Bay', code: 'NC', area: 'North Coast', site: 'North Coast Site Office', status: 'planned', launchDate: '2026-06-01', deliveryDate: '2030-06-30', blocks: 6, floors: 5, perFloor: 20, base: 45_000 },
] as const;

const UNIT_TYPES: readonly [string, string, number, number][] = [
  ['Studio', 'apartment', 55, 0],
  ['Apartment 2BR', 'apartment', 120, 2],
  ['Apartment 3BR', 'apartment', 165, 3],
  ['Duplex', 'duplex', 240, 4],
  ['Penthouse', 'penthouse', 280, 4],
  ['Chalet', 'chalet', 110, 2],
  ['Villa', 'villa', 350, 5],
  ['Townhouse', 'townhouse', 260, 4],
  ['Office', 'office', 90, 0],
  ['Retail', 'retail', 70, 0],
  ['Clinic', 'clinic', 60, 0],
];

const VIEWS = ['Garden', 'Pool', 'Street', 'Landscape', 'Sea', 'Club house'];

/** Two-place money text of a whole number of pounds. */
const money = (pounds: number) => `${Math.round(pounds)}.00`;

function unitsOf(project: (typeof PROJECTS)[number]) {
  const rows: Record<string, unknown>[] = [];
  const blocks = 'ABCDEF'.slice(0, project.blocks).split('');
  const coastal = project.code === 'NC';
  for (const [blockIndex, block] of blocks.entries()) {
    for (let floor = 0; floor < project.floors; floor += 1) {
      for (let unit = 1; unit <= project.perFloor; unit += 1) {
        const seq = blockIndex * 1000 + floor * 50 + unit;
        const typeIndex = coastal ? (unit % 3 === 0 ? 6 : unit % 3 === 1 ? 5 : 7) : floor === project.floors - 1 ? 4 : floor === 0 && unit <= 2 ? 9 : unit % 4 === 0 ? 3 : unit % 4 === 1 ? 1 : 2;
        const [typeName, , area, bedrooms] = UNIT_TYPES[typeIndex]!;
        const areaM2 = area + ((seq * 7) % 15);
        const price = areaM2 * project.base * (1 + floor * 0.01) * (unit % 2 === 0 ? 1.03 : 1);
        // Deterministic spread of statuses: mostly available, some sold or reserved.
        const mark = (seq * 37 + floor * 11 + blockIndex * 29 + unit * unit * 3) % 100;
        const status = mark < 62 ? 'available' : mark < 72 ? 'reserved' : mark < 84 ? 'sold' : mark < 90 ? 'contracted' : mark < 95 ? 'on_hold' : 'blocked';
        rows.push({
          project: project.name,
          code: `${block}-${String(floor).padStart(2, '0')}${String(unit).padStart(2, '0')}`,
          block,
          blockType: coastal ? 'Villa cluster' : floor >= 8 ? 'Tower' : 'Mid-rise',
          floor,
          unitType: typeName,
          areaM2: `${areaM2}.00`,
          gardenM2: floor === 0 && !coastal ? `${20 + (seq % 40)}.00` : coastal ? `${60 + (seq % 90)}.00` : null,
          bedrooms,
          bathrooms: Math.max(1, bedrooms),
          view: VIEWS[(seq + floor) % VIEWS.length],
          basePrice: money(Math.round(price / 1000) * 1000),
          status,
        });
      }
    }
  }
  return rows;
}

const NOT_ISO_3166_1 = new Set(['XK', 'AC', 'TA']);

/** The demo settings, in seeding order (a row may name rows of the lists before it). */
export function settingsDemoData(): SeedData {
  return [...placesAndProjects(), ...salesAndPaymentSettings(), ...brokersAndContracts()];
}

/** Countries, areas and sites, the lead sources and channels, the projects and their units. */
function placesAndProjects(): SeedData {
  const countries = Object.entries(COUNTRIES)
    // XK is user-assigned and AC and TA only reserved: the other 249 are ISO 3166-1's.
    .filter(([code]) => !NOT_ISO_3166_1.has(code))
    .map(([code, country]) => ({
      name: country.name,
      isoCode: code,
      phoneCode: country.phone[0] ? `+${country.phone[0]}` : null,
      currency: country.currency[0] ?? null,
    }));
  return [
    { resource: 'countries', rows: countries },
    { resource: 'nationalities', rows: NATIONALITIES.map(([name, isoCode]) => ({ name, isoCode })) },
    { resource: 'areas', rows: AREAS.map(([name, city]) => ({ name, city, country: 'EG' })) },
    {
      resource: 'sites',
      rows: [
        { name: 'New Cairo Sales Centre', area: 'New Cairo', address: '90th Street, Fifth Settlement' },
        { name: 'Zayed Sales Centre', area: 'Sheikh Zayed', address: 'Central Axis, Sheikh Zayed' },
        { name: 'North Coast Site Office', area: 'North Coast', address: 'Km 180 Alexandria–Matrouh Road' },
        { name: 'Head Office', area: 'New Administrative Capital', address: 'Business District, Tower C2' },
      ],
    },
    { resource: 'user-types', rows: ['Staff', 'Manager', 'Broker agent', 'External auditor'].map((name) => ({ name })) },
    { resource: 'source-types', rows: [
      { name: 'Digital', description: 'Online campaigns and social media' },
      { name: 'Offline', description: 'Print, outdoor and events' },
      { name: 'Referral', description: 'Customers and staff who recommend us' },
      { name: 'Broker', description: 'Leads brought by brokerage companies' },
    ] },
    { resource: 'sources', rows: [
      ['Facebook', 'Digital'], ['Instagram', 'Digital'], ['Google Ads', 'Digital'], ['Website', 'Digital'], ['WhatsApp', 'Digital'],
      ['Billboard', 'Offline'], ['Newspaper', 'Offline'], ['Property Expo', 'Offline'], ['Walk-in', 'Offline'],
      ['Customer referral', 'Referral'], ['Staff referral', 'Referral'], ['Broker network', 'Broker'],
    ].map(([name, sourceType]) => ({ name, sourceType })) },
    { resource: 'channel-types', rows: ['Inbound', 'Outbound', 'Partner'].map((name) => ({ name })) },
    { resource: 'channels', rows: [
      ['Hotline', 'Inbound'], ['Web form', 'Inbound'], ['Showroom visit', 'Inbound'], ['Cold call', 'Outbound'],
      ['Email campaign', 'Outbound'], ['SMS campaign', 'Outbound'], ['Broker', 'Partner'],
    ].map(([name, channelType]) => ({ name, channelType })) },
    { resource: 'block-types', rows: ['Tower', 'Mid-rise', 'Villa cluster', 'Commercial strip'].map((name) => ({ name })) },
    { resource: 'unit-types', rows: UNIT_TYPES.map(([name, category]) => ({ name, category })) },
    { resource: 'projects', rows: PROJECTS.map((project) => ({
      name: project.name,
      code: project.code,
      area: project.area,
      site: project.site,
      status: project.status,
      launchDate: project.launchDate,
      deliveryDate: project.deliveryDate,
      currency: 'EGP',
      address: `${project.area}, Egypt`,
      description: `${project.blocks} blocks, ${project.floors} floors.`,
    })) },
    { resource: 'units', rows: PROJECTS.flatMap(unitsOf) },
  ];
}

/** Walk-in locations, lead statuses, teams, payment plans and offers, payment settings, activity types. */
function salesAndPaymentSettings(): SeedData {
  return [
    { resource: 'walkin-locations', rows: [
      { name: 'Palm Heights showroom', project: 'Palm Heights', address: 'Gate 2, Palm Heights' },
      { name: 'Zayed mall kiosk', project: 'Zayed Residences', address: 'Arkan Plaza, ground floor' },
      { name: 'North Coast beach office', project: 'North Coast Bay', address: 'Km 180' },
    ] },
    { resource: 'lead-statuses', rows: [
      { name: 'New', color: '#1a73e8', sortOrder: 1, category: 'open', isDefault: true },
      { name: 'Contacted', color: '#00897b', sortOrder: 2, category: 'open' },
      { name: 'Qualified', color: '#7cb342', sortOrder: 3, category: 'open' },
      { name: 'Negotiation', color: '#f9a825', sortOrder: 4, category: 'open' },
      { name: 'Won', color: '#2e7d32', sortOrder: 5, category: 'won' },
      { name: 'Lost', color: '#c62828', sortOrder: 6, category: 'lost' },
    ] },
    { resource: 'sales-teams', rows: [
      { name: 'New Cairo team', projects: ['Palm Heights'] },
      { name: 'West team', projects: ['Zayed Residences'] },
      { name: 'Coast team', projects: ['North Coast Bay'] },
    ] },
    { resource: 'payment-plans', rows: [
      { name: 'Cash', downPaymentPct: '100', years: 0, frequency: 'annual', deliveryPct: '0', deliveryAfterMonths: 0, maintenancePct: '0', discountPct: '15' },
      { name: '10% down, 7 years quarterly', downPaymentPct: '10', years: 7, frequency: 'quarterly', deliveryPct: '0', deliveryAfterMonths: 48, maintenancePct: '8', discountPct: '0' },
      { name: '5% down, 8 years monthly', downPaymentPct: '5', years: 8, frequency: 'monthly', deliveryPct: '10', deliveryAfterMonths: 48, maintenancePct: '8', discountPct: '0' },
      { name: '20% down, 5 years semi-annual', project: 'Zayed Residences', downPaymentPct: '20', years: 5, frequency: 'semi_annual', deliveryPct: '10', deliveryAfterMonths: 30, maintenancePct: '7', discountPct: '5' },
      { name: '25% down, 4 years annual', project: 'North Coast Bay', downPaymentPct: '25', years: 4, frequency: 'annual', deliveryPct: '15', deliveryAfterMonths: 48, maintenancePct: '10', discountPct: '3' },
    ] },
    { resource: 'unit-offers', rows: [
      { name: 'Launch offer Palm Heights', project: 'Palm Heights', discountPct: '7', paymentPlan: '10% down, 7 years quarterly', validFrom: '2026-01-01', validTo: '2026-12-31' },
      { name: 'Villa summer offer', project: 'North Coast Bay', unitType: 'Villa', discountAmount: '250000.00', validFrom: '2026-05-01', validTo: '2026-09-30' },
    ] },
    { resource: 'payment-types', rows: [
      ['EOI deposit', 'eoi'], ['Reservation fee', 'reservation'], ['Down payment', 'down_payment'], ['Installment', 'installment'],
      ['Delivery payment', 'delivery'], ['Maintenance deposit', 'maintenance'], ['Other', 'other'],
    ].map(([name, kind]) => ({ name, kind })) },
    { resource: 'banks', rows: [
      ['National Bank of Egypt', 'NBE', 'NBEGEGCX'], ['Banque Misr', 'BM', 'BMISEGCX'], ['Commercial International Bank', 'CIB', 'CIBEEGCX'],
      ['QNB Alahli', 'QNB', 'QNBAEGCX'], ['HSBC Egypt', 'HSBC', 'EBBKEGCX'], ['Banque du Caire', 'BDC', 'BCAIEGCX'],
      ['Arab African International Bank', 'AAIB', 'ARAIEGCX'], ['Emirates NBD Egypt', 'ENBD', 'EBILEGCX'], ['Faisal Islamic Bank', 'FAIB', 'FIEGEGCX'],
      ['Crédit Agricole Egypt', 'CAE', 'AGRIEGCX'],
    ].map(([name, code, swift]) => ({ name, code, swift, branch: 'Head office' })) },
    { resource: 'payment-statuses', rows: [
      { name: 'Due', color: '#1a73e8' }, { name: 'Paid', color: '#2e7d32', isPaid: true }, { name: 'Overdue', color: '#c62828' },
      { name: 'Partially paid', color: '#f9a825' }, { name: 'Cancelled', color: '#757575' },
    ] },
    { resource: 'payment-methods', rows: [
      { name: 'Cash', kind: 'cash' }, { name: 'Cheque', kind: 'cheque', requiresReference: true, requiresBank: true },
      { name: 'Bank transfer', kind: 'bank_transfer', requiresReference: true, requiresBank: true }, { name: 'Card', kind: 'card', requiresReference: true },
      { name: 'POS', kind: 'pos', requiresReference: true },
    ] },
    { resource: 'bounced-reasons', rows: [
      ['Insufficient funds', 'The drawer’s account could not cover the amount.'], ['Signature mismatch', 'The signature differs from the bank’s specimen.'],
      ['Account closed', 'The drawer’s account is closed.'], ['Stale cheque', 'Presented more than six months after its date.'],
      ['Payment stopped', 'The drawer asked the bank to stop payment.'],
    ].map(([name, description]) => ({ name, description })) },
    { resource: 'locations', rows: [
      { name: 'Palm Heights sales centre', site: 'New Cairo Sales Centre', kind: 'sales_center' },
      { name: 'Cityscape Egypt', site: 'Head Office', kind: 'event' },
      { name: 'Mall of Arabia kiosk', site: 'Zayed Sales Centre', kind: 'kiosk' },
    ] },
    { resource: 'lead-activity-types', rows: [
      { name: 'Call', icon: 'call', requiresOutcome: true }, { name: 'Meeting', icon: 'meeting', requiresOutcome: true },
      { name: 'Site visit', icon: 'visit', requiresOutcome: true }, { name: 'WhatsApp', icon: 'message' }, { name: 'Email', icon: 'email' },
    ] },
  ];
}

/** Brokers, their templates and contracts, and the contract workflow. */
function brokersAndContracts(): SeedData {
  return [
    { resource: 'brokers', rows: Array.from({ length: 8 }, (_unused, index) => ({
      name: ['Nile Realty', 'Capital Homes', 'Delta Brokers', 'Red Sea Properties', 'Cairo Estates', 'Pyramids Realty', 'Alex Homes', 'Sinai Partners'][index],
      companyName: `${['Nile Realty', 'Capital Homes', 'Delta Brokers', 'Red Sea Properties', 'Cairo Estates', 'Pyramids Realty', 'Alex Homes', 'Sinai Partners'][index]} LLC`,
      licenseNo: `BRK-${2020 + index}-${String(1000 + index * 137).padStart(4, '0')}`,
      taxId: `${400_000_000 + index * 12_345}`,
      phone: `+20100${String(1_000_000 + index * 4321).padStart(7, '0')}`,
      email: `deals${index + 1}@broker${index + 1}.example`,
      country: 'EG',
      defaultCommissionPct: String(1.5 + (index % 4) * 0.5),
      status: index === 6 ? 'suspended' : 'active',
      bankName: 'Commercial International Bank',
      bankAccountNo: `1000${String(200_000 + index * 777)}`,
      iban: `EG38000300030001000${String(200_000 + index * 777).padStart(10, '0')}`,
    })) },
    { resource: 'broker-project-templates', rows: [
      { name: 'Palm Heights standard', project: 'Palm Heights', commissionType: 'percent', pct: '2.5', payableOn: 'down_payment_collected' },
      { name: 'Zayed fixed fee', project: 'Zayed Residences', commissionType: 'fixed', amount: '75000.00', payableOn: 'contract_signed' },
      { name: 'Coast tiered', project: 'North Coast Bay', commissionType: 'tiered', tiers: [{ upTo: 10, pct: 2 }, { upTo: 25, pct: 2.5 }, { upTo: null, pct: 3 }], payableOn: 'fully_paid' },
    ] },
    { resource: 'broker-contracts', rows: [
      { contractNo: 'BC-2026-001', broker: 'Nile Realty', template: 'Palm Heights standard', startDate: '2026-01-01', endDate: '2026-12-31', status: 'active' },
      { contractNo: 'BC-2026-002', broker: 'Capital Homes', template: 'Zayed fixed fee', startDate: '2026-02-01', endDate: '2027-01-31', status: 'active' },
      { contractNo: 'BC-2026-003', broker: 'Red Sea Properties', template: 'Coast tiered', startDate: '2026-06-01', status: 'draft' },
      { contractNo: 'BC-2025-014', broker: 'Delta Brokers', template: 'Palm Heights standard', startDate: '2025-01-01', endDate: '2025-12-31', status: 'expired' },
    ] },
    { resource: 'contract-steps', rows: [
      { name: 'Draft', sortOrder: 1 }, { name: 'Legal review', sortOrder: 2 }, { name: 'Customer signature', sortOrder: 3 },
      { name: 'Developer signature', sortOrder: 4 }, { name: 'Signed', sortOrder: 5, isFinal: true }, { name: 'Cancelled', sortOrder: 6, isFinal: true },
    ] },
    { resource: 'contract-actions', rows: [
      { name: 'Send to legal', label: 'Send to legal', fromStep: 'Draft', toStep: 'Legal review' },
      { name: 'Approve legally', label: 'Approve', fromStep: 'Legal review', toStep: 'Customer signature' },
      { name: 'Return to draft', label: 'Return', fromStep: 'Legal review', toStep: 'Draft', needsReason: true },
      { name: 'Customer signed', label: 'Customer signed', fromStep: 'Customer signature', toStep: 'Developer signature' },
      { name: 'Countersign', label: 'Countersign', fromStep: 'Developer signature', toStep: 'Signed' },
      { name: 'Cancel contract', label: 'Cancel', fromStep: 'Customer signature', toStep: 'Cancelled', needsReason: true },
    ] },
    { resource: 'contract-parties', rows: [
      { name: 'Buyer', role: 'buyer' }, { name: 'Co-buyer', role: 'co_buyer' }, { name: 'Developer signatory', role: 'developer_signatory' },
      { name: 'Witness', role: 'witness' }, { name: 'Broker', role: 'broker' },
    ] },
    { resource: 'contract-templates', rows: [
      {
        name: 'Standard sale contract',
        body: 'This contract is made on {{date}} between the developer and {{customer.name}} for unit {{unit.code}} in {{project.name}} at a net price of {{netPrice}}, payable as follows:\n\n{{schedule}}',
      },
    ] },
  ];
}

export { UNIT_STATUS_ROWS } from '../model/unitStatuses.js';
