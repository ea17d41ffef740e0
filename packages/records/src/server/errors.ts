import { HttpError, badRequest, fieldError, text, validationCatalog } from '@propdesk/server-kit';
import { fieldWord, recordsCatalog, thingOf } from './i18n/catalog.js';
import { columnOf, type ResourceDef } from '../model/index.js';

type PgError = { code?: string; constraint?: string; column?: string; detail?: string };

const pgError = (error: unknown): PgError | null =>
  typeof error === 'object' && error !== null && typeof (error as PgError).code === 'string' ? (error as PgError) : null;

export const isUniqueViolation = (error: unknown) => pgError(error)?.code === '23505';
export const isForeignKeyViolation = (error: unknown) => pgError(error)?.code === '23503';

/** The field whose constraint or column the database named, from our constraint naming (`table__field__key`). */
function fieldOfError(def: ResourceDef, error: PgError): string | null {
  const name = error.constraint ?? '';
  const match = /^[a-z0-9_]+__([A-Za-z0-9]+)__(?:key|fk|check)$/.exec(name);
  if (match && def.fields[match[1]!]) return match[1]!;
  if (error.column) {
    for (const [field, spec] of Object.entries(def.fields)) if (columnOf(field, spec) === error.column) return field;
  }
  const detail = /Key \(([^)]*)\)/.exec(error.detail ?? '');
  if (detail) {
    const columns = detail[1]!.replace(/lower\(|\)/g, '').split(',').map((part) => part.trim());
    const last = columns[columns.length - 1];
    for (const [field, spec] of Object.entries(def.fields)) if (columnOf(field, spec) === last) return field;
  }
  return null;
}

/**
 * A constraint the database refused, as the caller's error on the right field: never raw database
 * text. Unique clashes are mapped by the caller (it links the clashing record); this covers the rest.
 */
export function mapDatabaseError(def: ResourceDef, error: unknown): HttpError | null {
  const pg = pgError(error);
  if (!pg || !pg.code) return null;
  const field = fieldOfError(def, pg) ?? '';
  const label = fieldWord(def, field);
  switch (pg.code) {
    case '23503':
      return badRequest('Validation failed', [fieldError(field, text(recordsCatalog, 'recordMissing', { field: label }))]);
    case '23502':
      return badRequest('Validation failed', [fieldError(field, text(validationCatalog, 'required'))]);
    case '23514':
      return badRequest('Validation failed', [fieldError(field, text(recordsCatalog, 'notAllowedValue', { field: label }))]);
    case '22001':
      return badRequest('Validation failed', [fieldError(field, text(recordsCatalog, 'fieldTooLong', { field: label }))]);
    case '22003':
      return badRequest('Validation failed', [fieldError(field, text(recordsCatalog, 'outOfRange', { field: label }))]);
    case '22P02':
    case '22007':
    case '22008':
      return badRequest('Validation failed', [fieldError(field, text(recordsCatalog, 'notValid', { field: label }))]);
    case '23505':
      return new HttpError(409, text(recordsCatalog, 'alreadyExists', { thing: thingOf(def), field: fieldWord(def, field, true) }), { errors: [fieldError(field, text(recordsCatalog, 'alreadyUsed'))] });
    default:
      return null;
  }
}

export function uniqueField(def: ResourceDef, error: unknown): string | null {
  const pg = pgError(error);
  return pg ? fieldOfError(def, pg) : null;
}
