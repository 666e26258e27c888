import type { FastifyInstance } from "fastify";
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  orderListQuerySchema,
  orderListSchema,
  orderParamsSchema,
  orderDetailSchema,
  orderSchema,
  recordPaymentSchema,
} from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { cancelOrder, checkout, getCompanyOrder, getInvoicePdf, listCompanyOrders, recordOrderPayment } from "./orders.service.js";
import { sendAttachment } from "../../lib/download.js";

const orderResultSchema = z.object({ order: orderSchema });

export async function registerOrderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/certifications/aquire",
    summary:
      "Checkout (spec spelling): the server prices the chosen plan and badges itself, stores an order awaiting payment and a sales request for items that need the sales team, and closes the cart (company-profile permission)",
    tags: ["billing"],
    access: "company-profile",
    // Paying sends the browser to the payment provider with the company's card: not for Hearth staff viewing it.
    refusedWhileSwitched: true,
    body: checkoutRequestSchema,
    response: checkoutResponseSchema,
    handler: ({ actor, body }) => checkout(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/billing/orders",
    summary: "The caller's company's orders, newest first, 25 a page (company-profile permission)",
    tags: ["billing"],
    access: "company-profile",
    query: orderListQuerySchema,
    response: orderListSchema,
    handler: ({ actor, query }) => listCompanyOrders(ctx, actor, query.page),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/billing/orders/:orderId",
    summary: "One order of the caller's company with its lines (company-profile permission)",
    tags: ["billing"],
    access: "company-profile",
    params: orderParamsSchema,
    response: orderDetailSchema,
    handler: ({ actor, params }) => getCompanyOrder(ctx, actor, params.orderId),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/billing/orders/:orderId/invoice.pdf",
    summary: "The order's invoice as a PDF, with the agreement's payment terms (company-profile permission)",
    tags: ["billing"],
    access: "company-profile",
    params: orderParamsSchema,
    produces: ["application/pdf"],
    handler: async ({ actor, params, reply }) => {
      const file = await getInvoicePdf(ctx, actor, params.orderId);
      return sendAttachment(reply, "application/pdf", file.fileName, file.bytes);
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/internal/orders/:orderId/payment",
    summary:
      "Record the payment of an order (internal accounts only): marks it paid once (409 after) and activates the ordered plan as a deal",
    tags: ["internal"],
    access: "internal",
    params: orderParamsSchema,
    body: recordPaymentSchema,
    response: orderResultSchema,
    handler: ({ actor, params, body }) => recordOrderPayment(ctx, actor, params.orderId, body),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/internal/orders/:orderId/cancel",
    summary: "Cancel an order awaiting payment (internal accounts only); a paid or cancelled order answers 409",
    tags: ["internal"],
    access: "internal",
    params: orderParamsSchema,
    response: orderResultSchema,
    handler: ({ actor, params }) => cancelOrder(ctx, actor, params.orderId),
  });
}
