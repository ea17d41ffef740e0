import { z } from 'zod';

/**
 * Shared schemas of the notification calls (api.md "A notification in JSON" and the fixed calls).
 * Ids are opaque strings (UUIDs on the server); clients must not rely on their format.
 */

const isoDate = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), { message: 'Expected an ISO 8601 date' });

/**
 * One notification as the lists return it and the streams send it. `isRead` is the caller's own
 * read state. Exactly one of `userId` / `departmentId` is set on what the server sends; both are
 * optional here so the client can parse older or partial payloads. `seq` is the stream event id.
 */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  category: z.string(),
  createdOn: isoDate,
  isRead: z.boolean(),
  userId: z.string().nullable().optional(),
  departmentId: z.string().nullable().optional(),
  seq: z.number().int().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications/user/{userId}` and `/department/{departmentId}` answer a bare array. */
export const notificationListSchema = z.array(notificationSchema);
export type NotificationList = z.infer<typeof notificationListSchema>;

/** A link a notification may carry: a path inside the app (`/sales/leads/1`) or an https URL. */
export const notificationLinkSchema = z
  .string()
  .trim()
  .max(2000, 'Link is too long')
  .refine(
    (value) => {
      if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: 'Link must be a relative path starting with / or an https URL' },
  );

export const announcementTargetSchema = z.union([
  z.strictObject({ userId: z.string().trim().min(1, 'userId is required') }),
  z.strictObject({ departmentId: z.string().trim().min(1, 'departmentId is required') }),
]);
export type AnnouncementTarget = z.infer<typeof announcementTargetSchema>;

/** `POST /api/notifications` body: an announcement to one user or one department. */
export const announcementRequestSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long'),
  body: z.string().max(4000, 'Body is too long').optional(),
  link: notificationLinkSchema.optional(),
  category: z
    .string()
    .trim()
    .min(1, 'Category is required')
    .max(50, 'Category is too long')
    .default('announcement'),
  target: announcementTargetSchema,
});
/** What a client sends (category may be left out). */
export type AnnouncementRequest = z.input<typeof announcementRequestSchema>;
/** What the server works with after parsing (category filled in). */
export type ParsedAnnouncementRequest = z.output<typeof announcementRequestSchema>;

/** Who an announcement can go to (`GET /api/notifications/targets`). */
export const announcementTargetsSchema = z.object({
  departments: z.array(z.object({ id: z.string(), name: z.string() })),
  users: z.array(z.object({ id: z.string(), username: z.string(), fullName: z.string().nullable(), departmentId: z.string().nullable() })),
});
export type AnnouncementTargets = z.infer<typeof announcementTargetsSchema>;
export { NOTIFICATION_ENTITIES } from './entities.js';
