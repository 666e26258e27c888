/**
 * The demo company's invitees, so every column of the invitee tables shows something true and the numbers add up
 * (issue 25 item 8): of the company's 460 employees, the closed LOWI survey went to 420 (320 replied, the survey's 320
 * responses; one address bounced); the active check-in went to 40 (24 replied, its 24 responses; 8 waiting, 4 still
 * scheduled for tomorrow, 3 scheduled sends cancelled, one bounce). Scheduled emails have
 * real delivery rows; the delivery sweep sends them when their time comes.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../db/client.js";
import { invitation, invitationDelivery, invitee } from "../db/schema.js";

const DAY = 86_400_000;
/** The company's employees (its headcount), those the LOWI survey went to, and the responses each survey received. */
export const DEMO_HEADCOUNT = 460;
export const DEMO_LOWI_INVITED = 420;
export const DEMO_LOWI_RESPONSES = 320;
export const DEMO_CHECK_IN_RESPONSES = 24;
const FIRST = [
  "Ava",
  "Ben",
  "Chloe",
  "Dev",
  "Elena",
  "Farid",
  "Grace",
  "Hiro",
  "Ines",
  "Jonas",
  "Kemi",
  "Liam",
  "Maya",
  "Noah",
  "Olga",
  "Priya",
  "Quinn",
  "Rosa",
  "Sam",
  "Tariq",
];
const LAST = [
  "Adams",
  "Brooks",
  "Chen",
  "Diaz",
  "Evans",
  "Fischer",
  "Garcia",
  "Haddad",
  "Ito",
  "Jensen",
  "Kowalski",
  "Lopez",
  "Mensah",
  "Novak",
  "Okafor",
  "Patel",
  "Rossi",
  "Silva",
  "Tanaka",
  "Weber",
];
const DEPARTMENTS = ["Engineering", "Sales", "Customer Support", "Operations", "Marketing", "People"];
const LOCATIONS = ["Austin", "Chicago", "Lisbon", "Remote"];
const BOUNCE = "550 5.1.1 <address> Recipient address rejected: mailbox does not exist";

export interface DemoPerson {
  email: string;
  firstName: string;
  lastName: string;
  meta: Record<string, string>;
}

export function demoPeople(count: number): DemoPerson[] {
  return Array.from({ length: count }, (_, index) => {
    const firstName = FIRST[index % FIRST.length];
    const lastName = LAST[Math.floor(index / FIRST.length) % LAST.length];
    const suffix = index >= FIRST.length * LAST.length ? String(index) : "";
    return {
      email: `${firstName}.${lastName}${suffix}@demo-staff.hearth.test`.toLowerCase(),
      firstName,
      lastName,
      meta: { department: DEPARTMENTS[index % DEPARTMENTS.length], location: LOCATIONS[Math.floor(index / 3) % LOCATIONS.length] },
    };
  });
}

export type Outcome = "replied" | "sent" | "failed" | "scheduled" | "cancelled";

export async function seedSurveyInvitees(
  db: Database,
  tenantId: string,
  survey: { id: string; subject: string; content: string },
  people: DemoPerson[],
  outcome: (index: number) => Outcome,
  sentAt: Date,
  scheduledFor: Date | null,
) {
  const [sentInvitation] = await db
    .insert(invitation)
    .values({
      tenantId,
      surveyId: survey.id,
      subject: survey.subject,
      senderName: "Dana Admin",
      cc: "admin@demo.hearth.test",
      content: survey.content,
      createdAt: sentAt,
    })
    .returning();
  const scheduledInvitation = scheduledFor
    ? (
        await db
          .insert(invitation)
          .values({
            tenantId,
            surveyId: survey.id,
            subject: survey.subject,
            senderName: "Dana Admin",
            cc: "admin@demo.hearth.test",
            content: survey.content,
            sendAt: scheduledFor,
            timeZone: "America/Chicago",
          })
          .returning()
      )[0]
    : null;
  const rows = people.map((person, index) => {
    const result = outcome(index);
    const delivered = result === "replied" || result === "sent";
    const scheduled = result === "scheduled" || result === "cancelled";
    return {
      id: randomUUID(),
      tenantId,
      surveyId: survey.id,
      ...person,
      scheduledDate: scheduled ? scheduledFor : null,
      firstEmail: delivered ? sentAt : null,
      mostRecentEmail: delivered ? sentAt : null,
      sendStatus: delivered ? "Sent" : result === "failed" ? "Failed" : result === "cancelled" ? "Cancelled" : "Pending",
      replied: result === "replied",
      lastError: result === "failed" ? BOUNCE : null,
      createdAt: sentAt,
    };
  });
  await db.insert(invitee).values(rows);
  const deliveries = rows.map((row, index) => {
    const result = outcome(index);
    const scheduled = result === "scheduled" || result === "cancelled";
    const id = randomUUID();
    return {
      id,
      tenantId,
      invitationId: scheduled && scheduledInvitation ? scheduledInvitation.id : sentInvitation.id,
      inviteeId: row.id,
      status: result === "scheduled" ? "queued" : result === "cancelled" ? "cancelled" : result === "failed" ? "failed" : "sent",
      sendAt: scheduled && scheduledFor ? scheduledFor : sentAt,
      attempts: scheduled ? 0 : 1,
      messageId: `<${id}.invitation@demo.hearth.test>`,
      sentAt: result === "replied" || result === "sent" ? sentAt : null,
      lastError: result === "failed" ? BOUNCE : null,
    };
  });
  await db.insert(invitationDelivery).values(deliveries);
}

export async function seedDemoInvitees(
  db: Database,
  tenantId: string,
  surveys: { lowi: { id: string; subject: string; content: string }; custom: { id: string; subject: string; content: string } },
  now = Date.now(),
): Promise<void> {
  const everyone = demoPeople(DEMO_LOWI_INVITED);
  await seedSurveyInvitees(
    db,
    tenantId,
    surveys.lowi,
    everyone,
    (index) => {
      if (index === 17) return "failed";
      // The first 321 but the bounce replied: 320, the survey's responses.
      return index <= DEMO_LOWI_RESPONSES ? "replied" : "sent";
    },
    new Date(now - 31 * DAY),
    null,
  );
  const checkIn = everyone.slice(0, 40);
  await seedSurveyInvitees(
    db,
    tenantId,
    surveys.custom,
    checkIn,
    (index) => {
      if (index < DEMO_CHECK_IN_RESPONSES) return "replied";
      if (index < 32) return "sent";
      if (index < 36) return "scheduled";
      if (index < 39) return "cancelled";
      return "failed";
    },
    new Date(now - 2 * DAY),
    new Date(now + DAY),
  );
}
