import type { FastifyInstance } from "fastify";
import {
  badgeActionInputSchema,
  badgeDownloadResultSchema,
  badgeEmbedCodeSchema,
  badgeUsageSchema,
  heldBadgeListSchema,
} from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { generateEmbedCode, getBadgeUsage, listHeldBadges, recordBadgeDownload, setBadgeShownOnProfile } from "./badge-actions.service.js";

/**
 * Badge download, embed code and profile (decision 0038). Signed in here; the certification permission is checked by
 * the service so a user without it reads the spec's "You do not have access to this certification badge." (403).
 */
export async function registerBadgeActionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/certifications/held",
    summary: "The badges the company holds, with their image and verification page, for every member (the dashboard's Certifications)",
    tags: ["certifications"],
    access: "signed-in",
    response: heldBadgeListSchema,
    handler: ({ actor }) => listHeldBadges(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/certifications/usage",
    summary: "The badge licence, downloads used and left this licence year, and the certifications shown on the profile",
    tags: ["certifications"],
    access: "signed-in",
    response: badgeUsageSchema,
    handler: ({ actor }) => getBadgeUsage(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/certifications/downloads",
    summary: "Record a download of a held badge within the plan's badge licence; answers the image URL to fetch",
    tags: ["certifications"],
    access: "signed-in",
    status: 201,
    body: badgeActionInputSchema,
    response: badgeDownloadResultSchema,
    handler: ({ actor, body }) => recordBadgeDownload(ctx, actor, body.badgeId),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/certifications/embed-code",
    summary: "The embed code of a held badge (a link around the 75 px badge image)",
    tags: ["certifications"],
    access: "signed-in",
    body: badgeActionInputSchema,
    response: badgeEmbedCodeSchema,
    handler: ({ actor, body }) => generateEmbedCode(ctx, actor, body.badgeId),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/certifications/profile",
    summary: "Show a held badge on the company's public profile",
    tags: ["certifications"],
    access: "signed-in",
    body: badgeActionInputSchema,
    response: badgeUsageSchema,
    handler: ({ actor, body }) => setBadgeShownOnProfile(ctx, actor, body.badgeId, true),
  });

  defineRoute(app, ctx, {
    method: "DELETE",
    url: "/api/certifications/profile/:badgeId",
    summary: "Take a badge off the company's public profile",
    tags: ["certifications"],
    access: "signed-in",
    params: z.object({ badgeId: z.string().min(1).max(200) }),
    response: badgeUsageSchema,
    handler: ({ actor, params }) => setBadgeShownOnProfile(ctx, actor, params.badgeId, false),
  });
}
