export { renderPdf, preamble, sha256, PRINT_FONT } from './typst.server.js';
export { keepPrint, keptPrint, listPrints, printMigrations, type KeptPrint } from './prints.server.js';
