import { z } from "zod";

export const supportRequestInputSchema = z.object({
  kind: z.enum(["help", "ticket"]),
  subject: z.string().trim().min(1, "Subject is required").max(200),
  message: z.string().trim().min(1, "Tell us what you need").max(5000),
});
export type SupportRequestInput = z.infer<typeof supportRequestInputSchema>;

export const supportRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(["help", "ticket"]),
  subject: z.string(),
  createdAt: z.string(),
});

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** A message of GET /api/notifications/stream (event "notifications"): the unread count and the newest notification. */
export const notificationStreamMessageSchema = z.object({
  unreadCount: z.number().int(),
  newest: notificationSchema.nullable(),
});
export type NotificationStreamMessage = z.infer<typeof notificationStreamMessageSchema>;
