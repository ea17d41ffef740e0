export { renderPdf, preamble, sha256, PRINT_FONT, PRINT_ROOT } from './typst.server.js';
export { keepPrint, keptPrint, listPrints, printMigrations } from './prints.server.js';
export type { KeptPrint, PrintLanguage } from './model.js';
export { customerPrintLanguage, printCompany, renderCompanyPdf, type PrintCompany } from './company.server.js';
