/**
 * Social quotes: positive comments a company may download as an image, share on X or remove
 * (spec surveys §2 screen 9, §5, §7, §8; docs/decisions/0018-social-quotes.md).
 *
 * Anonymity: a quote is its text and its survey, nothing about the person. A survey shows quotes only when its whole
 * group passes the reports' suppression plan (at least the survey's visibility threshold k of respondents), so the
 * comments of a handful of people are never lifted out, and quotes come with the survey's published blocks of k
 * respondents (decision 0022), so a new quote cannot be matched to the one person who just replied; comments carrying
 * contact details are never quotes. A reader sees only quotes they could read as comments: Staff limited to assigned
 * cohorts see their cohorts' quotes only (the Comments page's selection, `readableCommentIds`).
 */
import { hasFeature, hasPermission, normalizeQuoteText, type Plan, type SocialQuoteList, type SocialQuoteQuery } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { type Actor, featureUserOf } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { MemoryRateLimiter } from "../../lib/memory-rate-limit.js";
import { readEffectivePlan } from "../billing/billing.service.js";
import { readableCommentIds, readsAllComments } from "../comments/comments.service.js";
import { loadSurveyIfVisibleAsWhole } from "../reports/reports.service.js";
import { publishedCommentSeq } from "../reports/survey-state.js";
import {
  findQuote,
  findQuoteTenant,
  findTenantLogo,
  hideComment,
  listQuotes,
  listSurveysWithQuotes,
  logActivity,
  type QuotableSurvey,
  type QuoteRow,
  type QuoteTenantRow,
} from "./amplification.repo.js";
import { drawableQuoteText, QuoteImageCache, renderQuoteImage } from "./quote-image.js";

const images = new QuoteImageCache();

/** Images cost CPU: each user may render (or fetch) 20 a minute on one instance. */
const imageLimiter = new MemoryRateLimiter(20, 60_000);

/** The company as the quotes see it: its row, with the plan in force now from its deals (decision 0027). */
type QuoteTenant = QuoteTenantRow & { effectivePlan: Plan };

function canDownload(actor: Actor, tenant: QuoteTenant): boolean {
  const user = featureUserOf(actor);
  return (
    hasFeature(user, { plan: tenant.effectivePlan, features: tenant.features }, "SocialAmplification") &&
    hasPermission(actor, "amplification")
  );
}

function requireDownload(actor: Actor, tenant: QuoteTenant): void {
  if (!canDownload(actor, tenant)) {
    throw new AppError("PLAN_UPGRADE_REQUIRED", "Social Amplification needs a higher plan.", {
      status: 403,
      fields: { feature: "SocialAmplification" },
    });
  }
}

/**
 * Which of a survey's comments may be quotes for this reader, or null when none may: the survey's whole group must
 * pass the reports' suppression plan (at least the survey's visibility threshold of published respondents), it must
 * not be sample data (a demo survey's comments are quotes only in the demo company itself, never in a real company's
 * posts), only comments of the published blocks count (`publishedCommentSeq`, decision 0022), so quotes arrive k
 * respondents at a time, and only comments the reader could read on the Comments page (`readableCommentIds`).
 */
async function quotableOf(
  ctx: AppContext,
  actor: Actor,
  tenant: QuoteTenantRow,
  survey: { id: string; isDemo: boolean },
): Promise<QuotableSurvey | null> {
  if (survey.isDemo && !tenant.isDemo) return null;
  const loaded = await loadSurveyIfVisibleAsWhole(ctx, actor, survey.id);
  if (!loaded) return null;
  const maxSeq = await publishedCommentSeq(ctx, loaded);
  if (maxSeq === 0) return null;
  const ids = await readableCommentIds(ctx, actor, loaded);
  if (ids !== null && ids.size === 0) return null;
  return { surveyId: survey.id, maxSeq, ids: ids === null ? null : [...ids] };
}

async function requireTenant(ctx: AppContext, actor: Actor): Promise<QuoteTenant> {
  const [tenant, effective] = await Promise.all([
    findQuoteTenant(ctx.database.db, actor.tenantId),
    readEffectivePlan(ctx.database.db, actor.tenantId),
  ]);
  if (!tenant) throw notFound("Company not found");
  return { ...tenant, effectivePlan: effective.plan };
}

export async function listSocialQuotes(ctx: AppContext, actor: Actor, query: SocialQuoteQuery): Promise<SocialQuoteList> {
  const { db } = ctx.database;
  const tenant = await requireTenant(ctx, actor);
  const surveys = await listSurveysWithQuotes(db, actor.tenantId);
  const shown: QuotableSurvey[] = [];
  for (const survey of surveys) {
    const quotable = await quotableOf(ctx, actor, tenant, survey);
    if (quotable !== null) shown.push(quotable);
  }
  const { rows, total } = await listQuotes(db, actor.tenantId, shown, query.pageSize, (query.page - 1) * query.pageSize);
  const allowed = canDownload(actor, tenant);
  return {
    quotes: rows.map((row) => ({ ...row, text: normalizeQuoteText(row.text), canDownload: allowed })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    canDownload: allowed,
    readerScope: readsAllComments(actor) ? "all" : "assignedCohorts",
  };
}

/** A quote of the caller's company that the list would show; 404 for anything else (other companies' included). */
async function requireQuote(ctx: AppContext, actor: Actor, tenant: QuoteTenantRow, quoteId: string): Promise<QuoteRow> {
  const quote = await findQuote(ctx.database.db, actor.tenantId, quoteId);
  if (!quote) throw notFound("This quote does not exist.");
  const quotable = await quotableOf(ctx, actor, tenant, { id: quote.surveyId, isDemo: quote.surveyIsDemo });
  if (quotable === null || quote.responseSeq > quotable.maxSeq || (quotable.ids !== null && !quotable.ids.includes(quote.id))) {
    throw notFound("This quote does not exist.");
  }
  return quote;
}

export async function renderSocialQuoteImage(ctx: AppContext, actor: Actor, quoteId: string): Promise<{ png: Buffer; fileName: string }> {
  const tenant = await requireTenant(ctx, actor);
  const quote = await requireQuote(ctx, actor, tenant, quoteId);
  requireDownload(actor, tenant);
  imageLimiter.enforce(actor.userId);
  const text = await drawableQuoteText(normalizeQuoteText(quote.text));
  if (text === null) {
    throw new AppError("BAD_REQUEST", "This quote is written in a script the image font cannot draw; share it as text instead.", {
      status: 422,
    });
  }
  // Everything drawn is in the key: the quote, the company's name and the logo's version.
  const key = JSON.stringify([actor.tenantId, quote.id, tenant.logoUpdatedAt?.getTime() ?? 0, tenant.companyName ?? "", text]);
  const png = await images.get(key, async () =>
    renderQuoteImage({
      text,
      // A name in a script the font lacks is left off; the logo still says whose image it is.
      companyName: tenant.companyName ? await drawableQuoteText(tenant.companyName) : null,
      logo: tenant.logoContentType ? await findTenantLogo(ctx.database.db, actor.tenantId) : null,
    }),
  );
  await logActivity(ctx.database.db, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    action: "download_social_image",
    data: { quoteId: quote.id, surveyId: quote.surveyId, byInternalAccount: actor.isInternalAccount },
  });
  return { png, fileName: `quote-${quote.id.slice(0, 8)}.png` };
}

export async function removeSocialQuote(ctx: AppContext, actor: Actor, quoteId: string): Promise<{ ok: true }> {
  const tenant = await requireTenant(ctx, actor);
  const quote = await requireQuote(ctx, actor, tenant, quoteId);
  requireDownload(actor, tenant);
  if (!(await hideComment(ctx.database.db, actor.tenantId, quote.id))) throw notFound("This quote does not exist.");
  images.forget(quote.id);
  await logActivity(ctx.database.db, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    action: "remove_social_quote",
    data: { quoteId: quote.id, surveyId: quote.surveyId, byInternalAccount: actor.isInternalAccount },
  });
  return { ok: true };
}
