import type { BillingCycle, CartChoiceInput, CartResponse, CheckoutResponse } from "@hearth/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { ME_QUERY_KEY } from "../../lib/query-client";
import { BILLING_OVERVIEW_KEY, CERTIFICATION_CARDS_KEY, ORDERS_KEY, HELD_BADGES_KEY } from "../billing";
import { checkoutChoices, isAlreadyInCart } from "./cart-view";

export const CART_KEY = ["cart"] as const;

/** GET /api/cart: the company's cart, every line priced by the server. Only asked for by users who manage billing. */
export function useCart(enabled = true) {
  return useQuery({ queryKey: CART_KEY, queryFn: () => api<CartResponse>("/api/cart"), enabled });
}

/**
 * Adds a choice (POST /api/cart/items). With `billingCycle`, the cart's cycle is set first (PUT /api/cart/cycle) so
 * the plan line carries the price of the cycle the user was looking at.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ choice, billingCycle }: { choice: CartChoiceInput; billingCycle?: BillingCycle }) => {
      let current = queryClient.getQueryData<CartResponse>(CART_KEY);
      if (billingCycle && current?.billingCycle !== billingCycle) {
        current = await api<CartResponse>("/api/cart/cycle", { method: "PUT", body: { billingCycle } });
      }
      // The same plan again only changes the cycle: the server would refuse it as already in the cart.
      if (current && isAlreadyInCart(current, choice)) return current;
      return api<CartResponse>("/api/cart/items", { body: choice });
    },
    onSuccess: (cart) => queryClient.setQueryData(CART_KEY, cart),
    onError: () => queryClient.invalidateQueries({ queryKey: CART_KEY }),
  });
}

/** DELETE /api/cart/items/:itemId ("plan" or "badge:<id>"). */
export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => api<CartResponse>(`/api/cart/items/${encodeURIComponent(itemId)}`, { method: "DELETE" }),
    onSuccess: (cart) => queryClient.setQueryData(CART_KEY, cart),
  });
}

/** PUT /api/cart/cycle: Monthly or Yearly for the plan line. */
export function useSetCartCycle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (billingCycle: BillingCycle) => api<CartResponse>("/api/cart/cycle", { method: "PUT", body: { billingCycle } }),
    onSuccess: (cart) => queryClient.setQueryData(CART_KEY, cart),
  });
}

/**
 * Checkout (POST /api/certifications/aquire, the spec's spelling): the stored choices and the cycle, never a price.
 * Success empties the cart on the server: the cart, the orders and /api/me are read again.
 */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, cart }: { companyId: string; cart: CartResponse }) =>
      api<CheckoutResponse & { paymentUrl?: string | null }>("/api/certifications/aquire", {
        body: { companyId, certifications: checkoutChoices(cart), billingCycle: cart.billingCycle },
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CART_KEY }),
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: BILLING_OVERVIEW_KEY }),
        // the badges checked out are Requested now, or Certified when the plan includes them
        queryClient.invalidateQueries({ queryKey: CERTIFICATION_CARDS_KEY }),
        queryClient.invalidateQueries({ queryKey: HELD_BADGES_KEY }),
      ]);
    },
  });
}
