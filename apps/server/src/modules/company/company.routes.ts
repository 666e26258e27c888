import type { FastifyInstance } from "fastify";
import {
  accentColorInputSchema,
  companyProfileInputSchema,
  companyProfileSchema,
  labellingConsentSchema,
  logoUploadSchema,
  visibilityThresholdInputSchema,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import {
  getCompanyLogo,
  getCompanyProfile,
  removeCompanyLogo,
  setCompanyLogo,
  updateAccentColor,
  updateCompanyProfile,
  updateLabellingConsent,
  updateVisibilityThreshold,
} from "./company.service.js";

export async function registerCompanyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/company/profile",
    summary: "The company profile of the signed-in user's company",
    tags: ["company"],
    access: "company-profile",
    response: companyProfileSchema,
    handler: ({ actor }) => getCompanyProfile(db, actor.tenantId),
  });

  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/company/profile",
    summary: "Update the company profile; the company size follows the headcount",
    tags: ["company"],
    access: "company-profile",
    body: companyProfileInputSchema,
    response: companyProfileSchema,
    handler: ({ actor, body }) => updateCompanyProfile(db, actor.tenantId, body),
  });

  // Its own endpoint, not a field of PUT /api/company/profile: that body replaces the whole profile and is sent by
  // onboarding and the profile form, so they and their tests stay as they are (see visibilityThresholdInputSchema).
  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/company/visibility-threshold",
    summary:
      "Set the company's visibility threshold (anonymity): groups with fewer respondents are hidden in every report, filter, comment list and export",
    tags: ["company"],
    access: "company-profile",
    body: visibilityThresholdInputSchema,
    response: companyProfileSchema,
    handler: ({ actor, body }) => updateVisibilityThreshold(db, actor.tenantId, body.visibilityThreshold),
  });

  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/company/labelling-consent",
    summary:
      "Let Hearth's labelers read the company's comments (text only, closed surveys, published groups) to improve the analysis, or stop it; off by default",
    tags: ["company"],
    access: "company-profile",
    body: labellingConsentSchema,
    response: companyProfileSchema,
    handler: ({ actor, body }) => updateLabellingConsent(db, actor.tenantId, body.allowLabelling),
  });

  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/company/accent-color",
    summary:
      "Set the accent colour of the company's survey pages and emails (#rrggbb; darkened where white text on it would not read), or null for Hearth's",
    tags: ["company"],
    access: "company-profile",
    body: accentColorInputSchema,
    response: companyProfileSchema,
    handler: ({ actor, body }) => updateAccentColor(db, actor.tenantId, body.accentColor),
  });

  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/company/logo",
    summary: "Upload the company logo (PNG or JPEG by content, at most 2 MB) as a data URL",
    tags: ["company"],
    access: "company-profile",
    bodyLimit: 3 * 1024 * 1024,
    body: logoUploadSchema,
    response: companyProfileSchema,
    handler: ({ actor, body }) => setCompanyLogo(db, actor.tenantId, body.file),
  });

  defineRoute(app, ctx, {
    method: "DELETE",
    url: "/api/company/logo",
    summary: "Remove the company logo",
    tags: ["company"],
    access: "company-profile",
    response: companyProfileSchema,
    handler: ({ actor }) => removeCompanyLogo(db, actor.tenantId),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/company/logo",
    summary: "The company logo image",
    tags: ["company"],
    access: "signed-in",
    produces: ["image/png", "image/jpeg"],
    handler: async ({ actor, reply }) => {
      const logo = await getCompanyLogo(db, actor.tenantId);
      return reply
        .header("content-type", logo.contentType)
        .header("cache-control", "private, max-age=3600")
        .header("x-content-type-options", "nosniff")
        .send(logo.bytes);
    },
  });
}
