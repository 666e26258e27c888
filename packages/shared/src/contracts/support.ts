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

/** The guided tours (docs/decisions/0049): the survey wizard, a survey's invitations page and a LOWI report. */
export const TOUR_IDS = ["wizard", "invitations", "reports"] as const;
export type TourId = (typeof TOUR_IDS)[number];

/** How a user left a tour: at its last step (finished) or before it (dismissed: Skip, Escape or the close button). */
export const tourStateSchema = z.enum(["finished", "dismissed"]);
export type TourState = z.infer<typeof tourStateSchema>;

export const tourParamSchema = z.object({ tour: z.enum(TOUR_IDS) });

export const tourProgressInputSchema = z.object({ state: tourStateSchema });

/** GET /api/tutorials/progress: the tours the signed-in user has finished or dismissed; a tour not listed was never taken. */
export const tourProgressSchema = z.object({
  tours: z.array(z.object({ tour: z.enum(TOUR_IDS), state: tourStateSchema, updatedAt: z.string() })),
});
export type TourProgress = z.infer<typeof tourProgressSchema>;
