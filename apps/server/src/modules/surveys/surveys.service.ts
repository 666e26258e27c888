import { createHash, randomBytes } from "node:crypto";
import {
  canReadSurvey,
  type Feature,
  SURVEY_MESSAGES,
  SURVEY_SLOTS_PER_PLAN,
  type SurveyField,
  canWriteCustomQuestions,
  checkEndDate,
  checkSurveyCreation,
  describeSurveyStatus,
  findPreset,
  hasFeature,
  inviteeCohortAnswers,
  isCompanyProfileComplete,
  isSurveyOpen,
  isLimitedToOneOpenSurvey,
  normalizeVisibilityThreshold,
  resolveTimeZone,
  takesSurveySlot,
  validateResponse,
  validateSurveyDraft,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import { activityLog } from "../../db/schema.js";
import { type Actor, featureUserOf } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { TokenSigner } from "../../lib/signed-token.js";
import { readFeatureTenant } from "../billing/billing.service.js";
import { lockTenantForLicences as lockSurveySlots } from "../billing/licences.repo.js";
import { hasOpenAnswers, wakeCommentAnalysis } from "../comments/comment-jobs.js";
import { type TenantRow, findTenant } from "../company/company.repo.js";
import { respondentSurveys } from "./respondent-survey-cache.js";
import { lockSurveyForChange } from "./survey-changes.repo.js";
import { companyTimeZone, recordSurveyChange } from "./survey-changes.service.js";
import { type ResponseSource, sourceHash } from "./response-source.js";
import {
  type SurveyRow,
  countResponsesBySurvey,
  findSurvey,
  insertResponse,
  insertSurvey,
  listSurveys,
  listSurveysOfPreset,
  updateSurvey,
} from "./surveys.repo.js";
import { surveyPublished } from "../notifications/notification-events.js";
import { notify } from "../notifications/notifications.service.js";

export interface SurveyInput {
  surveyPreset: string;
  name: string;
  description: string;
  metaFields: Record<string, string>;
  fields: SurveyField[];
  draft: boolean;
  endDate?: number | null;
}

/** What the personal link's `r` token carries (issued with invitations). */
export interface RecipientToken {
  surveyId: string;
  inviteeId?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  name?: string;
  meta?: Record<string, string>;
}

export const newSurveyId = () => randomBytes(16).toString("base64url");
export const surveyLinkSigner = (secret: string) => new TokenSigner(secret, "survey-link");

const featureUser = (actor: Actor) => featureUserOf(actor);

export function summarizeSurvey(row: SurveyRow, completed: number, now = Date.now(), ownerName: string | null = null) {
  const endDate = row.endDate?.getTime() ?? null;
  return {
    id: row.id,
    name: row.name,
    status: describeSurveyStatus({ archived: row.archived, draft: row.draft, endDate }, now),
    surveyPreset: row.surveyPreset,
    isLOWI: row.isLowi,
    completed,
    endDate,
    created: row.createdAt.getTime(),
    archived: row.archived,
    draft: row.draft,
    isDemo: row.isDemo,
    ownerName,
  };
}

export function describeSurvey(row: SurveyRow, completed: number, appUrl: string, now = Date.now()) {
  return {
    ...summarizeSurvey(row, completed, now),
    description: row.description,
    metaFields: row.metaFields,
    isAnonymous: row.isAnonymous,
    inviteLink: inviteLinkFor(appUrl, row.id),
    fields: row.fields as SurveyField[],
    visibilityThreshold: row.visibilityThreshold,
  };
}

async function requireTenant(db: Database, tenantId: string): Promise<TenantRow> {
  const tenant = await findTenant(db, tenantId);
  if (!tenant) throw notFound("Company not found");
  return tenant;
}

export async function requireSurvey(db: Database, tenantId: string, surveyId: string): Promise<SurveyRow> {
  const row = await findSurvey(db, tenantId, surveyId);
  if (!row) throw notFound("Survey not found");
  return row;
}

export async function listCompanySurveys(db: Database, actor: Actor) {
  const rows = (await listSurveys(db, actor.tenantId)).filter((row) => canReadSurvey(actor, row));
  const counts = await countResponsesBySurvey(
    db,
    actor.tenantId,
    rows.map((row) => row.id),
  );
  const now = Date.now();
  return rows.map((row) => summarizeSurvey(row, counts.get(row.id) ?? 0, now, row.ownerName));
}

export async function getCompanySurvey(ctx: AppContext, actor: Actor, surveyId: string) {
  const { db } = ctx.database;
  const row = await requireSurvey(db, actor.tenantId, surveyId);
  if (!canReadSurvey(actor, row)) throw notFound("Survey not found");
  const counts = await countResponsesBySurvey(db, actor.tenantId, [row.id]);
  return describeSurvey(row, counts.get(row.id) ?? 0, ctx.env.APP_URL);
}

export async function findOpenSurveyOfPreset(db: Database, tenantId: string, surveyPreset: string, now = Date.now()) {
  const rows = await listSurveysOfPreset(db, tenantId, surveyPreset);
  return (
    rows.find((row) => isSurveyOpen({ archived: row.archived, draft: row.draft, endDate: row.endDate?.getTime() ?? null }, now)) ?? null
  );
}

function throwUpgrade(feature: Feature, plan: string): never {
  throw new AppError(
    "PLAN_UPGRADE_REQUIRED",
    `Upgrade to ${plan} to use ${feature === "AllSurveys" ? "Custom Surveys" : "custom questions"}.`,
    {
      status: 403,
      fields: { feature, plan },
    },
  );
}

/** Every rule of spec §5 "Wizard and survey", enforced again on the server. */
async function checkSurveyInput(ctx: AppContext, actor: Actor, tenant: TenantRow, input: SurveyInput, existing: SurveyRow | null) {
  const { db } = ctx.database;
  const preset = findPreset(input.surveyPreset);
  if (!preset) throw new AppError("VALIDATION_FAILED", "Choose a survey type.", { fields: { surveyPreset: "Unknown survey type." } });
  const user = featureUser(actor);
  // Feature gates read the plan in force now, from the company's deals (decision 0027), never tenant.plan.
  const features = await readFeatureTenant(db, tenant);
  if (!existing) {
    const open = isLimitedToOneOpenSurvey(preset.id) ? await findOpenSurveyOfPreset(db, actor.tenantId, preset.id) : null;
    const check = checkSurveyCreation({
      presetId: preset.id,
      hasAllSurveys: hasFeature(user, features, "AllSurveys"),
      profileComplete: isCompanyProfileComplete(tenant),
      hasOpenSurveyOfType: Boolean(open),
    });
    if (!check.ok && check.reason === "upgrade") throwUpgrade(check.upgrade.feature, check.upgrade.plan);
    if (!check.ok && check.reason === "incompleteProfile") {
      throw new AppError("INCOMPLETE_PROFILE", check.message, { status: 409, fields: { link: check.link } });
    }
    if (!check.ok && check.reason === "conflict") throw new AppError("CONFLICTING_SURVEY", check.message, { status: 409 });
  }
  const canAddCustomQuestions = canWriteCustomQuestions(preset.id, {
    customQuestions: hasFeature(user, features, "CustomQuestions"),
    allSurveys: hasFeature(user, features, "AllSurveys"),
  });
  const validation = validateSurveyDraft(input, preset, { canAddCustomQuestions, asDraft: input.draft });
  if (!validation.ok) {
    const customRefused = Object.values(validation.errors).includes(SURVEY_MESSAGES.customQuestionsUpgrade);
    if (customRefused) throwUpgrade("CustomQuestions", "Gold");
    throw new AppError("VALIDATION_FAILED", "Some fields need your attention.", { fields: validation.errors });
  }
  const endDateChanged = !existing || existing.draft || input.endDate !== (existing.endDate?.getTime() ?? null);
  if (!input.draft && endDateChanged) {
    if (input.endDate == null)
      throw new AppError("VALIDATION_FAILED", SURVEY_MESSAGES.endDateInvalid, { fields: { endDate: SURVEY_MESSAGES.endDateInvalid } });
    const endCheck = checkEndDate(input.endDate, Date.now(), { isInternalAccount: actor.isInternalAccount });
    if (!endCheck.ok) throw new AppError("VALIDATION_FAILED", endCheck.message, { fields: { endDate: endCheck.message } });
  }
  return preset;
}

/**
 * The company's surveys in a slot (Active or Draft) are counted and a new one is taken under the company row's lock
 * (decision 0055): the caller holds lockSurveySlots in its transaction, so two creations cannot both take the last
 * slot. Internal accounts are not held to the slots (spec surveys §5), and Action Plan Check-Ins take none (decision
 * 0078).
 */
async function assertSurveySlotFree(tx: Database, actor: Actor, now = Date.now()): Promise<void> {
  if (actor.isInternalAccount) return;
  const inUse = (await listSurveys(tx, actor.tenantId)).filter((row) => {
    const status = describeSurveyStatus({ archived: row.archived, draft: row.draft, endDate: row.endDate?.getTime() ?? null }, now);
    return takesSurveySlot(row.surveyPreset) && (status === "Active" || status === "Draft");
  });
  if (inUse.length >= SURVEY_SLOTS_PER_PLAN) {
    throw new AppError(
      "SURVEY_SLOTS_FULL",
      `Your plan has ${SURVEY_SLOTS_PER_PLAN} survey slots and all are in use. Archive or close a survey first.`,
      { status: 409 },
    );
  }
}

export async function createSurvey(ctx: AppContext, actor: Actor, input: SurveyInput) {
  const { db } = ctx.database;
  const tenant = await requireTenant(db, actor.tenantId);
  const preset = await checkSurveyInput(ctx, actor, tenant, input, null);
  const row = await db.transaction(async (tx) => {
    await lockSurveySlots(tx as unknown as Database, actor.tenantId);
    if (takesSurveySlot(preset.id)) await assertSurveySlotFree(tx as unknown as Database, actor);
    if (isLimitedToOneOpenSurvey(preset.id) && (await findOpenSurveyOfPreset(tx as unknown as Database, actor.tenantId, preset.id))) {
      throw new AppError("CONFLICTING_SURVEY", SURVEY_MESSAGES.conflictingSurvey, { status: 409 });
    }
    const created = await insertSurvey(tx as unknown as Database, actor.tenantId, {
      id: newSurveyId(),
      authorUserId: actor.userId,
      ownerUserId: actor.userId,
      name: input.name.trim(),
      description: input.description.trim(),
      surveyPreset: preset.id,
      isLowi: preset.isLOWI,
      fields: input.fields,
      metaFields: input.metaFields,
      draft: input.draft,
      endDate: input.draft || input.endDate == null ? null : new Date(input.endDate),
      publishedAt: input.draft ? null : new Date(),
      // The company's threshold at publication stays the survey's for good (docs/decisions/0022).
      visibilityThreshold: input.draft ? null : normalizeVisibilityThreshold(tenant.visibilityThreshold),
    });
    await (tx as unknown as Database).insert(activityLog).values({
      tenantId: actor.tenantId,
      userId: actor.userId,
      action: "create_survey",
      data: { surveyId: created.id, surveyPreset: preset.id, draft: input.draft, byInternalAccount: actor.isInternalAccount },
    });
    if (!input.draft) await notify(tx as unknown as Database, actor.tenantId, surveyPublished(created, actor.userId));
    return created;
  });
  return describeSurvey(row, 0, ctx.env.APP_URL);
}

/** A save whose survey was published, archived or closed by another request meanwhile (409). */
export const SURVEY_CHANGED_WHILE_SAVING = "This survey changed while you were saving it. Reload the page and try again.";

export async function updateCompanySurvey(ctx: AppContext, actor: Actor, surveyId: string, input: SurveyInput) {
  const { db } = ctx.database;
  const existing = await requireSurvey(db, actor.tenantId, surveyId);
  if (existing.archived) throw new AppError("CONFLICT", "Restore the survey before editing it.");
  if (existing.surveyPreset !== input.surveyPreset) {
    throw new AppError("VALIDATION_FAILED", "A survey's type cannot change.", {
      fields: { surveyPreset: "A survey's type cannot change." },
    });
  }
  const tenant = await requireTenant(db, actor.tenantId);
  const wasPublished = !existing.draft;
  const draft = wasPublished ? false : input.draft;
  const endDate = input.endDate ?? existing.endDate?.getTime() ?? null;
  refuseReopening(actor, existing, endDate);
  await checkSurveyInput(ctx, actor, tenant, { ...input, draft, endDate }, existing);
  if (!draft && !wasPublished && isLimitedToOneOpenSurvey(existing.surveyPreset)) {
    const open = await findOpenSurveyOfPreset(db, actor.tenantId, existing.surveyPreset);
    if (open && open.id !== existing.id) throw new AppError("CONFLICTING_SURVEY", SURVEY_MESSAGES.conflictingSurvey, { status: 409 });
  }
  const updated = await db.transaction(async (tx) => {
    if (!draft && !wasPublished && isLimitedToOneOpenSurvey(existing.surveyPreset)) {
      // Counted again under the company's lock: two publications at once cannot both be the one open survey.
      await lockSurveySlots(tx as unknown as Database, actor.tenantId);
      const open = await findOpenSurveyOfPreset(tx as unknown as Database, actor.tenantId, existing.surveyPreset);
      if (open && open.id !== existing.id) throw new AppError("CONFLICTING_SURVEY", SURVEY_MESSAGES.conflictingSurvey, { status: 409 });
    }
    respondentSurveys(ctx).invalidate(surveyId);
    const before = await lockSurveyForChange(tx as unknown as Database, actor.tenantId, surveyId);
    if (!before) throw notFound("Survey not found");
    // The checks above read the survey before this lock: if another request published or archived it since, this save
    // must not undo that (a published survey back to draft, an archived one edited); a close since is checked again.
    if (before.archived || before.draft !== existing.draft) throw new AppError("CONFLICT", SURVEY_CHANGED_WHILE_SAVING);
    refuseReopening(actor, before, endDate);
    const row = await updateSurvey(tx as unknown as Database, actor.tenantId, surveyId, {
      name: input.name.trim(),
      description: input.description.trim(),
      metaFields: input.metaFields,
      fields: input.fields,
      draft,
      endDate: endDate == null ? null : new Date(endDate),
      publishedAt: existing.publishedAt ?? (draft ? null : new Date()),
      // Published now: the survey keeps the company's current threshold from here on (docs/decisions/0022).
      ...(!draft && !wasPublished ? { visibilityThreshold: normalizeVisibilityThreshold(tenant.visibilityThreshold) } : {}),
    });
    // One entry saying what changed (decision 0075); saving a survey unchanged writes none.
    if (row) await recordSurveyChange(tx as unknown as Database, actor, "update_survey", before, row, resolveTimeZone(tenant.timeZone));
    if (row && !draft && !wasPublished) await notify(tx as unknown as Database, actor.tenantId, surveyPublished(row, actor.userId));
    return row;
  });
  if (!updated) throw notFound("Survey not found");
  const counts = await countResponsesBySurvey(db, actor.tenantId, [surveyId]);
  return describeSurvey(updated, counts.get(surveyId) ?? 0, ctx.env.APP_URL);
}

export async function setSurveyArchived(ctx: AppContext, actor: Actor, surveyId: string, archived: boolean) {
  const { db } = ctx.database;
  const row = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // A survey restored into a slot takes one: counted under the company's lock like a new survey.
    if (!archived) await lockSurveySlots(tx, actor.tenantId);
    const existing = await lockSurveyForChange(tx, actor.tenantId, surveyId);
    if (!existing) throw notFound("Survey not found");
    if (!archived) {
      const status = describeSurveyStatus(
        { archived: false, draft: existing.draft, endDate: existing.endDate?.getTime() ?? null },
        Date.now(),
      );
      const inSlot = takesSurveySlot(existing.surveyPreset) && (status === "Active" || status === "Draft");
      if (existing.archived && inSlot) await assertSurveySlotFree(tx, actor);
    }
    const updated = await updateSurvey(tx, actor.tenantId, surveyId, { archived });
    if (updated && existing.archived !== archived) {
      const action = archived ? "archive_survey" : "restore_survey";
      await recordSurveyChange(tx, actor, action, existing, updated, await companyTimeZone(tx, actor.tenantId));
    }
    return updated;
  });
  respondentSurveys(ctx).invalidate(surveyId);
  if (!row) throw notFound("Survey not found");
  const counts = await countResponsesBySurvey(db, actor.tenantId, [surveyId]);
  return summarizeSurvey(row, counts.get(surveyId) ?? 0);
}

export function inviteLinkFor(appUrl: string, surveyId: string): string {
  return `${appUrl.replace(/\/$/, "")}/s/${surveyId}`;
}

/**
 * A closed survey stays closed through an edit: only an internal account reopens one (Edit Expiration), and an
 * imported survey never (its rows were written by the company, so new answers beside them would be counted next to
 * answers the company knows; decision 0052, review of issue 23). Keeping the end date it has is not reopening.
 */
function refuseReopening(
  actor: Actor,
  existing: { draft: boolean; archived: boolean; endDate: Date | null; source: string },
  endDate: number | null,
) {
  if (existing.draft) return;
  const before = existing.endDate?.getTime() ?? null;
  if (endDate === before) return;
  const closed = describeSurveyStatus({ archived: existing.archived, draft: false, endDate: before }, Date.now()) === "Closed";
  if (existing.source === "import" || (closed && !actor.isInternalAccount)) {
    throw new AppError("CONFLICT", "This survey has closed.", { fields: { endDate: "This survey has closed." } });
  }
}

/** Edit Expiration: a new end date for a published survey (internal accounts may also reopen closed ones). */
export async function setSurveyEndDate(ctx: AppContext, actor: Actor, surveyId: string, endDate: number) {
  const { db } = ctx.database;
  const existing = await requireSurvey(db, actor.tenantId, surveyId);
  if (existing.archived || existing.draft) {
    return {
      success: false,
      message: "Only a published survey that is not archived has an expiration to edit.",
      inviteLink: inviteLinkFor(ctx.env.APP_URL, surveyId),
    };
  }
  const status = describeSurveyStatus({ archived: false, draft: false, endDate: existing.endDate?.getTime() ?? null }, Date.now());
  if ((status === "Closed" && !actor.isInternalAccount) || existing.source === "import") {
    return { success: false, message: "This survey has closed.", inviteLink: inviteLinkFor(ctx.env.APP_URL, surveyId) };
  }
  const check = checkEndDate(endDate, Date.now(), { isInternalAccount: actor.isInternalAccount });
  if (!check.ok) throw new AppError("VALIDATION_FAILED", check.message, { fields: { endDate: check.message } });
  await changeEndDateLogged(db, actor, surveyId, "change_survey_end_date", new Date(endDate));
  respondentSurveys(ctx).invalidate(surveyId);
  return { success: true, message: "The survey's end date was updated.", inviteLink: inviteLinkFor(ctx.env.APP_URL, surveyId) };
}

/** A new end date and the entry that records it (decision 0075), in one transaction. */
function changeEndDateLogged(
  db: Database,
  actor: Actor,
  surveyId: string,
  action: "change_survey_end_date" | "close_survey",
  endDate: Date,
) {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const before = await lockSurveyForChange(tx, actor.tenantId, surveyId);
    const row = await updateSurvey(tx, actor.tenantId, surveyId, { endDate });
    if (before && row) await recordSurveyChange(tx, actor, action, before, row, await companyTimeZone(tx, actor.tenantId));
    return row;
  });
}

/**
 * Close survey: an Active published survey stops taking answers now (its end date becomes now), so a LOWI survey can
 * count for certification before its planned end (docs/decisions/0035). Drafts, archived and closed surveys are refused.
 */
export async function closeSurvey(ctx: AppContext, actor: Actor, surveyId: string, now = new Date()) {
  const { db } = ctx.database;
  const existing = await requireSurvey(db, actor.tenantId, surveyId);
  const status = describeSurveyStatus(
    { archived: existing.archived, draft: existing.draft, endDate: existing.endDate?.getTime() ?? null },
    now.getTime(),
  );
  if (status !== "Active") {
    throw new AppError("CONFLICT", "Only an active published survey can be closed.", { fields: { status } });
  }
  const row = await changeEndDateLogged(db, actor, surveyId, "close_survey", now);
  respondentSurveys(ctx).invalidate(surveyId);
  if (!row) throw notFound("Survey not found");
  const counts = await countResponsesBySurvey(db, actor.tenantId, [surveyId]);
  return summarizeSurvey(row, counts.get(surveyId) ?? 0);
}

/** The public page's view of a survey: no ids of people, no private fields, placeholders filled. */
/** POST /api/response: checks the survey is open, the token, every answer; stores one row (plus a receipt for a personal link). */
export async function submitResponse(
  ctx: AppContext,
  input: { surveyId: string; data: unknown; r?: string | null },
  source: ResponseSource,
) {
  const row = await respondentSurveys(ctx).get(input.surveyId);
  if (!row) throw notFound("This survey does not exist.");
  if (!isSurveyOpen({ archived: row.archived, draft: row.draft, endDate: row.endDate?.getTime() ?? null }, Date.now())) {
    throw new AppError("SURVEY_CLOSED", "This survey is not accepting answers.", { status: 409 });
  }
  let tokenHash: string | null = null;
  let inviteeId: string | null = null;
  let cohortAnswers: Record<string, string> = {};
  if (input.r) {
    const token = surveyLinkSigner(ctx.env.AUTH_SECRET).verify<RecipientToken>(input.r);
    if (!token || token.surveyId !== row.id)
      throw new AppError("VALIDATION_FAILED", "This survey link is not valid.", { fields: { r: "This survey link is not valid." } });
    const who = token.inviteeId ?? token.email ?? "";
    inviteeId = token.inviteeId ?? null;
    tokenHash = createHash("sha256").update(`${row.id}:${who}`).digest("hex");
    // The cohort fields the person was invited with travel with the answers, never who they are (decision 0045).
    cohortAnswers = inviteeCohortAnswers(token.meta);
  }
  const checked = validateResponse(row.fields, input.data);
  if (!checked.ok) throw new AppError("VALIDATION_FAILED", "Some answers need your attention.", { fields: checked.fields });
  // One insert (with a personal link: its receipt and the Replied flag, in one transaction). Comment analysis reads
  // new rows by seq off this path; a written answer only nudges this instance's analysis loop (decision 0023).
  // Whether it counts toward the thresholds (decision 0052): only a boolean on the row; the browser and network are
  // kept as HMACs in tables of their own, never with the response.
  const secret = ctx.env.AUTH_SECRET;
  const stored = await insertResponse(ctx.database.db, ctx.database.sql, row.tenantId, {
    surveyId: row.id,
    answers: { ...checked.answers, ...cohortAnswers },
    submittedOn: new Date().toISOString().slice(0, 10),
    tokenHash,
    inviteeId,
    independence: {
      sessionOfViewer: await source.sessionOfViewer(row.tenantId),
      browserHash: sourceHash(secret, row.id, "browser", source.browserToken),
      networkHash: sourceHash(secret, row.id, "network", source.networkPrefix),
      // One network prefix counts once per window (RESPONSE_NETWORK_WINDOW_MINUTES, default 10; decision 0052).
      networkCutoff: new Date(Date.now() - ctx.env.RESPONSE_NETWORK_WINDOW_MINUTES * 60_000),
    },
  });
  if (!stored) throw new AppError("ALREADY_ANSWERED", "This link has already been used to answer the survey.", { status: 409 });
  if (hasOpenAnswers(row.fields, checked.answers)) wakeCommentAnalysis(ctx);
  return true;
}
