import { z } from 'zod';
import { filterNodeSchema } from './filters.js';

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 200;

/** `GET /api/{resource}`: page, sort, search, active and the filters (`filter[...]` keys are read by the parser). */
export const listQuerySchema = z
  .object({
    page: z.coerce.number({ error: 'Must be a page number' }).int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number({ error: 'Must be a page size' }).int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    sort: z.string().max(300).optional(),
    q: z.string().max(200).optional(),
    where: z.string().max(20_000).optional(),
    active: z.enum(['true', 'false', 'all']).optional(),
  })
  .catchall(z.union([z.string().max(4000), z.array(z.string().max(4000)).max(200)]));

export type ListQuery = z.infer<typeof listQuerySchema>;

/** A record in JSON: its fields, the base fields, and the referenced records' names. */
export type RecordRow = Record<string, unknown> & {
  id: string;
  version: number;
  createdOn: string;
  modifiedOn: string;
  createdBy: string | null;
  modifiedBy: string | null;
  /** `{ field: label }` for reference fields; `{ field: [labels] }` for reference lists. */
  refLabels: Record<string, string | string[] | null>;
};

/** `totalExact: false`: more records match than the server counted; `total` is then a lower bound. */
export type ListResponse = { status: 'OK'; data: RecordRow[]; total: number; page: number; pageSize: number; totalExact?: false };

export const bulkSchema = z.strictObject({
  ids: z.array(z.uuid()).max(10_000).optional(),
  where: filterNodeSchema.optional(),
  q: z.string().max(200).optional(),
  active: z.enum(['true', 'false', 'all']).optional(),
  action: z.enum(['activate', 'deactivate', 'set']),
  field: z.string().max(64).optional(),
  value: z.unknown().optional(),
});
export type BulkRequest = z.infer<typeof bulkSchema>;

export const importQuerySchema = z.object({
  dryRun: z.enum(['true', 'false']).default('true'),
  /** JSON `{ "file column": "field" }`; columns not named are matched to fields by label or name. */
  mapping: z.string().max(20_000).optional(),
  /** Update the existing record whose unique field has this row's value. */
  key: z.string().max(64).optional(),
});

export type ImportRowError = { row: number; errors: { field: string; message: string }[] };
export type ImportReport = {
  dryRun: boolean;
  committed: boolean;
  total: number;
  valid: number;
  invalid: number;
  created: number;
  updated: number;
  columns: { column: string; field: string | null }[];
  rows: ImportRowError[];
};

export const savedViewStateSchema = z.strictObject({
  columns: z.array(z.string().max(64)).max(100).optional(),
  widths: z.record(z.string().max(64), z.number().int().min(20).max(2000)).optional(),
  where: filterNodeSchema.nullable().optional(),
  q: z.string().max(200).optional(),
  sort: z.string().max(300).optional(),
  active: z.enum(['true', 'false', 'all']).optional(),
  density: z.enum(['compact', 'standard', 'comfortable']).optional(),
  pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
});
export type SavedViewState = z.infer<typeof savedViewStateSchema>;

export const savedViewBodySchema = z.strictObject({
  resource: z.string().min(1).max(64),
  name: z.string().trim().min(1, 'Required').max(80),
  shared: z.boolean().default(false),
  isDefault: z.boolean().default(false),
  state: savedViewStateSchema,
});

export type SavedView = {
  id: string;
  resource: string;
  name: string;
  shared: boolean;
  isDefault: boolean;
  mine: boolean;
  ownerName: string | null;
  state: SavedViewState;
};

/** One field's change; references also carry the records' names as they were then. */
export type FieldChange = { before: unknown; after: unknown; beforeLabel?: string | string[] | null; afterLabel?: string | string[] | null };

export type HistoryEntry = {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string | null;
  /** Where the change came from: a screen, an import, the API, a workflow action's effects, a timed job, the system. */
  source: 'screen' | 'import' | 'api' | 'action' | 'job' | 'system';
  action: string;
  changes: Record<string, FieldChange>;
  reason: string | null;
};

export type Usage = { resource: string; label: string; field: string; count: number; route: string | null };

/** One option of a picker (`GET /api/{resource}/options`): the record's label and what tells it from its twins. */
export type PickerOption = { id: string; label: string; detail?: string };

/** A unique field's check as it is typed (`GET /api/{resource}/unique`): free, or the record that has the value and its link. */
export type UniqueAnswer = { available: boolean; clash: { id: string; label: string; link: string | null } | null };
