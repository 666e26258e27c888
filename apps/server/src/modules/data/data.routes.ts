import type { FastifyInstance } from "fastify";
import {
  DATA_IMPORT_KINDS,
  dataCardListSchema,
  dataCardQuerySchema,
  dataImportDetailSchema,
  dataImportListSchema,
  dataImportRequestSchema,
  dataImportSchema,
  importMappingSchema,
} from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { sendAttachment } from "../../lib/download.js";
import { listDataCards } from "./data-cards.service.js";
import { getImportMapping, listCompanyDataImports } from "./data-import.service.js";
import { getImportDetail, readImportRejectedRows, startImport } from "./feedback-import.service.js";

const importParams = z.object({ id: z.uuid("Not an import id") });

/** Data imports (decision 0043): data-import permission (Admin, Manager). */
export async function registerDataRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/data/cards",
    summary: "The company's data cards, newest first: one per survey (its answers only together) and one per imported person",
    tags: ["data"],
    access: "data-import",
    query: dataCardQuerySchema,
    response: dataCardListSchema,
    handler: ({ actor, query }) => listDataCards(ctx, actor, query),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/data/imports",
    summary:
      "Import an uploaded CSV: employee attributes with their column mapping, or survey answers and feedback with the chosen columns (an anonymous survey); queues the commit",
    tags: ["data"],
    access: "data-import",
    status: 201,
    body: dataImportRequestSchema,
    response: dataImportSchema,
    handler: ({ actor, body }) => startImport(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/data/imports",
    summary: "The company's imports, newest first, with their progress",
    tags: ["data"],
    access: "data-import",
    response: dataImportListSchema,
    handler: ({ actor }) => listCompanyDataImports(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/data/imports/:id",
    summary: "One import and its progress (rows read, accepted and rejected); a feedback import also names its survey and questions",
    tags: ["data"],
    access: "data-import",
    params: importParams,
    response: dataImportDetailSchema,
    handler: ({ actor, params }) => getImportDetail(ctx, actor, params.id),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/data/imports/:id/rejected",
    summary: "The rows an import did not take, with the row number and the reasons, as CSV",
    tags: ["data"],
    access: "data-import",
    params: importParams,
    produces: ["text/csv"],
    handler: async ({ actor, params, reply }) => {
      const { fileName, csv } = await readImportRejectedRows(ctx, actor, params.id);
      return sendAttachment(reply, "text/csv; charset=utf-8", fileName, `\uFEFF${csv}`);
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/data/import-mapping",
    summary: "The column choices the company made in earlier imports of this kind, by header",
    tags: ["data"],
    access: "data-import",
    query: z.object({ kind: z.enum(DATA_IMPORT_KINDS, "Choose what the file holds").default("demographics") }),
    response: importMappingSchema,
    handler: ({ actor, query }) => getImportMapping(ctx, actor, query.kind),
  });
}
