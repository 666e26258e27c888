import type { OrderDetailResponse, OrderListResponse } from "@hearth/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const ORDERS_KEY = ["billing", "orders"] as const;

/**
 * An order as the page reads it. `paymentUrl` is where a payment provider takes the customer to pay (Stripe, when it
 * is configured); the server may leave it out, and null means there is nowhere to pay online.
 */
export type OrderWithPayment = OrderDetailResponse & { paymentUrl?: string | null };

/** Orders come 25 a page (GET /api/billing/orders, decision 0032). */
export const ORDERS_PAGE_SIZE = 25;

/** GET /api/billing/orders?page=: the company's orders, newest first. */
export function useOrders(page: number) {
  return useQuery({
    queryKey: [...ORDERS_KEY, "list", page],
    queryFn: () => api<OrderListResponse>(`/api/billing/orders?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/billing/orders/:orderId: one order with its lines (404 for an unknown or another company's order). */
export function useOrder(orderId: string) {
  return useQuery({
    queryKey: [...ORDERS_KEY, "one", orderId],
    queryFn: () => api<OrderWithPayment>(`/api/billing/orders/${encodeURIComponent(orderId)}`),
  });
}

export function invoicePdfUrl(orderId: string): string {
  return `/api/billing/orders/${encodeURIComponent(orderId)}/invoice.pdf`;
}

export const ORDER_FORM_PDF_URL = "/api/legal/order-form.pdf";
