/**
 * The demo's answered check-in (issue 26 item 7, decision 0079): "Make growth visible in every team" asked the whole
 * company a week after it started, early rather than on its default day 30, so a newcomer sees a check-in's full
 * course: published, sent to the LOWI survey's 420 invitees (one address bounced again), answered by 210, closed
 * yesterday, with the focus moving up from the baseline. The answers lean like the LOWI survey's, with growth a little
 * better than at baseline.
 */
import {
  AGREE_SCALE,
  checkinSurveyDescription,
  checkinSurveyFields,
  checkinSurveyName,
  createRandom,
  resolveContentSet,
  TRANSFORMATION_PRESET_ID,
} from "@hearth/shared";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { surveyResponse } from "../db/schema.js";
import { actionPlanCheckin } from "../db/schema-action-plans.js";
import { insertSurvey } from "../modules/surveys/surveys.repo.js";
import { newSurveyId } from "../modules/surveys/surveys.service.js";
import { DEMO_LOWI_INVITED, demoPeople, seedSurveyInvitees } from "./demo-invitees.js";

const DAY = 86_400_000;
export const DEMO_CHECKIN_RESPONSES = 210;

const normal = (random: () => number) => Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const agree = (value: number) => AGREE_SCALE[Math.round(clamp(value, 1, 5)) - 1];

/** What people wrote, in their own words (written for Hearth's demo). */
const DIFFERENCE = [
  "I finally know what my learning budget is and how to use it.",
  "My manager asked about my goals for the first time in a year.",
  "Not much yet in our team, but the budget announcement was a good start.",
  "The mentoring sign-up was easy and my mentor has been great.",
  "Clearer paths for moving between teams would help more than courses.",
];

export async function seedDemoCheckin(
  db: Database,
  tenantId: string,
  plan: { id: string; title: string; focusKey: string; startedAt: number },
  adminId: string,
  now: number,
): Promise<void> {
  const random = createRandom(20_261_207);
  const fields = checkinSurveyFields(plan.focusKey);
  const sentAt = new Date(plan.startedAt + 1 * DAY + 15 * 3_600_000);
  const checkin = await insertSurvey(db, tenantId, {
    id: newSurveyId(),
    authorUserId: adminId,
    ownerUserId: adminId,
    name: checkinSurveyName(plan.title, 0),
    description: checkinSurveyDescription(plan.title),
    surveyPreset: TRANSFORMATION_PRESET_ID,
    isLowi: false,
    isDemo: true,
    fields,
    metaFields: { company_name: "Demo Company" },
    draft: false,
    endDate: new Date(now - DAY),
    publishedAt: sentAt,
    createdAt: new Date(plan.startedAt),
  });
  const rows = Array.from({ length: DEMO_CHECKIN_RESPONSES }, (_, index) => {
    const mood = clamp(4.0 + normal(random) * 0.55, 1.3, 4.9);
    const answers: Record<string, string> = {
      // The focus, a little better than at baseline (where it sat 0.35 below people's mood).
      [plan.focusKey]: agree(mood - 0.1 + normal(random) * 0.7),
      transformation_shared: agree(mood + 0.2 + normal(random) * 0.6),
      transformation_known: agree(mood - 0.2 + normal(random) * 0.7),
      transformation_progress: agree(mood - 0.3 + normal(random) * 0.7),
      transformation_involved: agree(mood - 0.5 + normal(random) * 0.8),
      transformation_better: agree(mood - 0.2 + normal(random) * 0.7),
    };
    if (random() < 0.3) answers.transformation_difference = DIFFERENCE[Math.floor(random() * DIFFERENCE.length)];
    const day = new Date(sentAt.getTime() + Math.floor((index / DEMO_CHECKIN_RESPONSES) * 6) * DAY);
    return { tenantId, surveyId: checkin.id, answers, submittedOn: day.toISOString().slice(0, 10) };
  });
  for (let start = 0; start < rows.length; start += 70) await db.insert(surveyResponse).values(rows.slice(start, start + 70));

  // Sent to the LOWI survey's invitees, as a scheduled check-in is (decision 0079): the same bounce, 210 replies.
  const content = resolveContentSet(TRANSFORMATION_PRESET_ID);
  await seedSurveyInvitees(
    db,
    tenantId,
    { id: checkin.id, subject: content.emailSubject, content: content.emailBody },
    demoPeople(DEMO_LOWI_INVITED),
    (index) => (index === 17 ? "failed" : index <= DEMO_CHECKIN_RESPONSES ? "replied" : "sent"),
    sentAt,
    null,
  );
  await db
    .update(actionPlanCheckin)
    .set({
      surveyId: checkin.id,
      draft: false,
      sendAt: sentAt,
      scheduledBy: adminId,
      invitedAt: sentAt,
      invitedCount: DEMO_LOWI_INVITED,
    })
    .where(and(eq(actionPlanCheckin.tenantId, tenantId), eq(actionPlanCheckin.planId, plan.id), eq(actionPlanCheckin.slot, 0)));
}
