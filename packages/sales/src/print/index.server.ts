export { renderPdf, preamble, sha256, PRINT_FONT, PRINT_ROOT } from './typst.server.js';
export { keepPrint, keptPrint, listPrints, printMigrations, type KeptPrint } from './prints.server.js';
export { printCompany, renderCompanyPdf, type PrintCompany } from './company.server.js';
