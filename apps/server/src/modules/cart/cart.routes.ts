import type { FastifyInstance } from "fastify";
import { cartChoiceInputSchema, cartCycleInputSchema, cartItemParamsSchema, cartSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { checkoutCompletedHooks } from "../orders/orders.service.js";
import { addToCart, clearCart, readCart, removeFromCart, setCartCycle } from "./cart.service.js";

/** The company's cart (company-profile permission: billing is for the users who manage the company). */
export async function registerCartRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // A successful checkout empties the cart, in the checkout's transaction (spec surveys §7: success closes the cart).
  if (!checkoutCompletedHooks.includes(clearCart)) checkoutCompletedHooks.push(clearCart);

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/cart",
    summary: "The company's cart, every line priced by the server (company-profile permission)",
    tags: ["billing"],
    access: "company-profile",
    response: cartSchema,
    handler: ({ actor }) => readCart(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/cart/items",
    summary: "Add a plan (replacing the plan in the cart) or a badge; any price in the body is ignored (company-profile permission)",
    tags: ["billing"],
    access: "company-profile",
    body: cartChoiceInputSchema,
    response: cartSchema,
    handler: ({ actor, body }) => addToCart(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: "DELETE",
    url: "/api/cart/items/:itemId",
    summary: 'Remove a line from the cart ("plan" or "badge:<id>") (company-profile permission)',
    tags: ["billing"],
    access: "company-profile",
    params: cartItemParamsSchema,
    response: cartSchema,
    handler: ({ actor, params }) => removeFromCart(ctx, actor, params.itemId),
  });

  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/cart/cycle",
    summary: "Choose monthly or yearly billing for the cart's plan line (company-profile permission)",
    tags: ["billing"],
    access: "company-profile",
    body: cartCycleInputSchema,
    response: cartSchema,
    handler: ({ actor, body }) => setCartCycle(ctx, actor, body.billingCycle),
  });
}
