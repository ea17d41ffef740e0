/** The languages a document prints in (the `lang` of `document_prints`). */
export type PrintLanguage = 'ar' | 'en';

/** A print kept as it was made (`GET /api/{resource}/{id}/prints`): shared by the server that lists it and the screens that show it. */
export type KeptPrint = { id: string; lang: PrintLanguage; sha256: string; printedAt: string; printedBy: string | null; printedByName: string | null };
