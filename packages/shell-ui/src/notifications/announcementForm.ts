import { z } from 'zod';
import { HttpError } from '@propdesk/api-client';
import {
  announcementRequestSchema,
  type AnnouncementRequest,
} from '@propdesk/notifications-core/model';

/** Who an announcement goes to: a department or a user (chosen from GET /api/notifications/targets). */
export type AnnouncementTargetKind = 'department' | 'user';

export type AnnouncementDraft = {
  title: string;
  body: string;
  link: string;
  targetKind: AnnouncementTargetKind;
  /** The chosen department's or user's id. */
  targetId: string;
};

export type AnnouncementField = 'title' | 'body' | 'link' | 'targetId';
export type AnnouncementErrors = Partial<Record<AnnouncementField, string>>;

export const EMPTY_ANNOUNCEMENT: AnnouncementDraft = { title: '', body: '', link: '', targetKind: 'department', targetId: '' };
export const ANNOUNCEMENT_TITLE_MAX = 200;

/** The body `POST /api/notifications` takes, before validation (empty optional fields left out). */
function toRequest(draft: AnnouncementDraft): AnnouncementRequest {
  const targetId = draft.targetId.trim();
  return {
    title: draft.title,
    ...(draft.body.trim() === '' ? {} : { body: draft.body }),
    ...(draft.link.trim() === '' ? {} : { link: draft.link.trim() }),
    target: draft.targetKind === 'user' ? { userId: targetId } : { departmentId: targetId },
  };
}

/** Maps a field path of the request (`title`, `target.userId`, …) to the form's field. */
export function fieldOf(path: string): AnnouncementField | null {
  const head = path.split('.')[0];
  if (head === 'title' || head === 'body' || head === 'link') return head;
  if (head === 'target') return 'targetId';
  return null;
}

const TARGET_REQUIRED: Record<AnnouncementTargetKind, string> = {
  department: 'Department is required',
  user: 'User is required',
};

/** Validates the draft with the server's own schema; the server checks again and is the authority. */
export function validateAnnouncement(
  draft: AnnouncementDraft,
): { ok: true; request: AnnouncementRequest } | { ok: false; errors: AnnouncementErrors } {
  const request = toRequest(draft);
  const parsed = announcementRequestSchema.safeParse(request);
  if (parsed.success) return { ok: true, request };
  const errors: AnnouncementErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path.map(String).join('.'));
    if (!field || errors[field]) continue;
    errors[field] = field === 'targetId' ? TARGET_REQUIRED[draft.targetKind] : issue.message;
  }
  return { ok: false, errors };
}

const errorBodySchema = z.object({
  message: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/**
 * What a refused send shows: a 400's field errors on their fields (api.md's error envelope), a 404
 * (no such user or department) on the target, anything else as one message.
 */
export function describeSendFailure(error: unknown): { fieldErrors: AnnouncementErrors; message: string | null } {
  const refusal = refusalOf(error);
  if (!refusal) return { fieldErrors: {}, message: 'The announcement could not be sent. Please try again.' };
  const parsed = errorBodySchema.safeParse(refusal.data);
  const body: z.infer<typeof errorBodySchema> = parsed.success ? parsed.data : {};
  const fieldErrors: AnnouncementErrors = {};
  for (const entry of body.errors ?? []) {
    const field = fieldOf(entry.field);
    if (field && !fieldErrors[field]) fieldErrors[field] = entry.message;
  }
  if (refusal.status === 404) fieldErrors.targetId ??= body.message ?? 'No such recipient';
  const message = Object.keys(fieldErrors).length > 0 ? null : (body.message ?? 'The announcement could not be sent. Please try again.');
  return { fieldErrors, message };
}

/**
 * The status and parsed body of a refusal: apiRequest's HttpError, or the base API's error (what an
 * endpoint's `unwrap()` throws). A lapsed session (401) or a missing privilege (423) is not one.
 */
function refusalOf(error: unknown): { status: number; data: unknown } | null {
  if (error instanceof HttpError) return { status: error.status, data: error.data };
  if (error === null || typeof error !== 'object') return null;
  const { status, data } = error as { status?: unknown; data?: unknown };
  if (typeof status !== 'number' || status === 401 || status === 423 || !('data' in error)) return null;
  return { status, data };
}
