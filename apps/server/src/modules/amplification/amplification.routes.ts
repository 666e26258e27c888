import type { FastifyInstance } from "fastify";
import { okResponseSchema, socialQuoteListSchema, socialQuoteQuerySchema } from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { listSocialQuotes, removeSocialQuote, renderSocialQuoteImage } from "./amplification.service.js";

const quoteParams = z.object({ id: z.uuid("Unknown quote id") });

export async function registerAmplificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/amplification/quotes",
    summary:
      "Positive comments to share (social quotes), newest survey first, paged; only surveys at or above the visibility threshold; canDownload says whether Download, Share on X and Remove are enabled",
    tags: ["amplification"],
    access: "report-view",
    query: socialQuoteQuerySchema,
    response: socialQuoteListSchema,
    handler: ({ actor, query }) => listSocialQuotes(ctx, actor, query),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/amplification/quotes/:id/image.png",
    summary:
      "The quote as a 1200×675 PNG with the company's name and logo (logged as download_social_image); 403 PLAN_UPGRADE_REQUIRED without Social Amplification",
    tags: ["amplification"],
    access: "amplification",
    params: quoteParams,
    produces: ["image/png"],
    handler: async ({ actor, params, reply }) => {
      const image = await renderSocialQuoteImage(ctx, actor, params.id);
      return reply
        .header("content-type", "image/png")
        .header("content-disposition", `attachment; filename="${image.fileName}"`)
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .send(image.png);
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/amplification/quotes/:id/remove",
    summary: "Removes a quote from the list (sets the comment's hidden flag); 403 PLAN_UPGRADE_REQUIRED without Social Amplification",
    tags: ["amplification"],
    access: "amplification",
    params: quoteParams,
    response: okResponseSchema,
    handler: ({ actor, params }) => removeSocialQuote(ctx, actor, params.id),
  });
}
