/**
 * Social quotes: positive comments a company may download as an image, share on X or remove
 * (spec surveys §2 screen 9, §5, §7, §8; docs/decisions/0018-social-quotes.md).
 *
 * Anonymity: a quote is its text and its survey, nothing about the person. A survey shows quotes only when its whole
 * group passes the reports' suppression plan (at least the company's visibility threshold k of respondents), so the
 * comments of a handful of people are never lifted out, and quotes come in blocks of k respondents, so a new quote
 * cannot be matched to the one person who just replied; comments carrying contact details are never quotes.
 */
import {
  hasFeature,
  hasPermission,
  normalizeQuoteText,
  normalizeVisibilityThreshold,
  type SocialQuoteList,
  type SocialQuoteQuery,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { MemoryRateLimiter } from "../../lib/memory-rate-limit.js";
import { isSurveyVisibleAsWhole } from "../reports/reports.service.js";
import {
  findQuotableSeq,
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

function canDownload(actor: Actor, tenant: QuoteTenantRow): boolean {
  const user = { isInternalAccount: actor.isInternalAccount, internalVisibility: actor.isInternalAccount };
  return hasFeature(user, tenant, "SocialAmplification") && hasPermission(actor, "amplification");
}

function requireDownload(actor: Actor, tenant: QuoteTenantRow): void {
  if (!canDownload(actor, tenant)) {
    throw new AppError("PLAN_UPGRADE_REQUIRED", "Social Amplification needs a higher plan.", {
      status: 403,
      fields: { feature: "SocialAmplification" },
    });
  }
}

/**
 * Up to which response a survey's comments may be quotes, or null when none may: the survey's whole group must pass
 * the reports' suppression plan (at least the company's visibility threshold of respondents), it must not be sample
 * data (a demo survey's comments are quotes only in the demo company itself, never in a real company's posts), and
 * only the first ⌊n / k⌋ · k responses count, so quotes arrive k respondents at a time.
 */
async function quotableSeq(
  ctx: AppContext,
  actor: Actor,
  tenant: QuoteTenantRow,
  survey: { id: string; isDemo: boolean },
): Promise<number | null> {
  if (survey.isDemo && !tenant.isDemo) return null;
  if (!(await isSurveyVisibleAsWhole(ctx, actor, survey.id))) return null;
  const threshold = normalizeVisibilityThreshold(tenant.visibilityThreshold);
  return findQuotableSeq(ctx.database.db, actor.tenantId, survey.id, threshold);
}

async function requireTenant(ctx: AppContext, actor: Actor): Promise<QuoteTenantRow> {
  const tenant = await findQuoteTenant(ctx.database.db, actor.tenantId);
  if (!tenant) throw notFound("Company not found");
  return tenant;
}

export async function listSocialQuotes(ctx: AppContext, actor: Actor, query: SocialQuoteQuery): Promise<SocialQuoteList> {
  const { db } = ctx.database;
  const tenant = await requireTenant(ctx, actor);
  const surveys = await listSurveysWithQuotes(db, actor.tenantId);
  const shown: QuotableSurvey[] = [];
  for (const survey of surveys) {
    const maxSeq = await quotableSeq(ctx, actor, tenant, survey);
    if (maxSeq !== null) shown.push({ surveyId: survey.id, maxSeq });
  }
  const { rows, total } = await listQuotes(db, actor.tenantId, shown, query.pageSize, (query.page - 1) * query.pageSize);
  const allowed = canDownload(actor, tenant);
  return {
    quotes: rows.map((row) => ({ ...row, text: normalizeQuoteText(row.text), canDownload: allowed })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    canDownload: allowed,
  };
}

/** A quote of the caller's company that the list would show; 404 for anything else (other companies' included). */
async function requireQuote(ctx: AppContext, actor: Actor, tenant: QuoteTenantRow, quoteId: string): Promise<QuoteRow> {
  const quote = await findQuote(ctx.database.db, actor.tenantId, quoteId);
  if (!quote) throw notFound("This quote does not exist.");
  const maxSeq = await quotableSeq(ctx, actor, tenant, { id: quote.surveyId, isDemo: quote.surveyIsDemo });
  if (maxSeq === null || quote.responseSeq > maxSeq) throw notFound("This quote does not exist.");
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
