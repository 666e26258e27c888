import type { FastifyInstance } from "fastify";
import { publicProfileSettingsInputSchema, publicProfileSettingsSchema } from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { PROFILE_PAGE_CSP, renderProfileNotFound } from "./public-profile.page.js";
import {
  getPublicProfileSettings,
  readPublicProfileLogo,
  renderPublicProfile,
  savePublicProfileSettings,
} from "./public-profile.service.js";

const slugParams = z.object({ slug: z.string().max(200) });

/** The company's public profile: its settings (company-profile permission) and the page at /c/{slug} (public). */
export async function registerPublicProfileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/company/public-profile",
    summary: "The public profile settings: address (slug), published, LOWI score opt-in, description",
    tags: ["company"],
    access: "company-profile",
    response: publicProfileSettingsSchema,
    handler: ({ actor }) => getPublicProfileSettings(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/company/public-profile",
    summary: "Save the public profile settings (slug: lowercase letters, digits, hyphens, 3 to 60, unique, not reserved)",
    tags: ["company"],
    access: "company-profile",
    body: publicProfileSettingsInputSchema,
    response: publicProfileSettingsSchema,
    handler: ({ actor, body }) => savePublicProfileSettings(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/c/:slug",
    summary: "A company's published profile page (HTML); 404 for an unknown or unpublished address",
    tags: ["public"],
    access: "public",
    params: slugParams,
    produces: ["text/html; charset=utf-8"],
    handler: async ({ params, reply }) => {
      const page = await renderPublicProfile(ctx, params.slug);
      return reply
        .status(page ? 200 : 404)
        .header("content-type", "text/html; charset=utf-8")
        .header("content-security-policy", page?.csp ?? PROFILE_PAGE_CSP)
        .header("cache-control", page ? "public, max-age=300" : "no-store")
        .header("x-content-type-options", "nosniff")
        .send(page?.html ?? renderProfileNotFound());
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/c/:slug/logo",
    summary: "The logo on a company's published profile",
    tags: ["public"],
    access: "public",
    params: slugParams,
    produces: ["image/png", "image/jpeg"],
    handler: async ({ params, reply }) => {
      const logo = await readPublicProfileLogo(ctx, params.slug);
      return reply
        .header("content-type", logo.contentType)
        .header("cache-control", "public, max-age=3600")
        .header("x-content-type-options", "nosniff")
        .send(logo.bytes);
    },
  });
}
