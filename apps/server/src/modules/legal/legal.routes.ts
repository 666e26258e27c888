import type { FastifyInstance } from "fastify";
import { orderFormResponseSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { getOrderForm, getOrderFormPdf } from "./legal.service.js";
import { sendAttachment } from "../../lib/download.js";

/** The signed-in company's Order Form, as data for the viewer and as a PDF (decision 0029). */
export async function registerLegalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/legal/order-form",
    summary: "The company's Order Form (the summary that ends the SaaS agreement)",
    tags: ["legal"],
    access: "company-profile",
    response: orderFormResponseSchema,
    handler: async ({ actor, reply }) => {
      reply.header("cache-control", "no-store");
      const { form } = await getOrderForm(ctx, actor);
      return { form };
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/legal/order-form.pdf",
    summary: "The company's Order Form as a PDF",
    tags: ["legal"],
    access: "company-profile",
    produces: ["application/pdf"],
    handler: async ({ actor, reply }) => {
      const file = await getOrderFormPdf(ctx, actor);
      return sendAttachment(reply, "application/pdf", file.fileName, file.bytes);
    },
  });
}
