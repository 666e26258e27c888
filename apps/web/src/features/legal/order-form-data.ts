import { buildOrderForm, describePlanPrice, type OrderForm, SAMPLE_ORDER_FORM_SOURCE, toPlan } from "@hearth/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { useMe } from "../auth";

/** The filled sample a reader who is not signed in sees (decision 0029): a Silver order at a Medium company's yearly price. */
export function sampleOrderForm(today = new Date()): OrderForm {
  return buildOrderForm(SAMPLE_ORDER_FORM_SOURCE, {
    feeCents: describePlanPrice(toPlan(SAMPLE_ORDER_FORM_SOURCE.plan), "Medium", "yearly").cents,
    today,
  });
}

export type OrderFormView =
  | { kind: "company"; form: OrderForm }
  | { kind: "sample"; form: OrderForm; reason: "signed-out" | "unavailable" };

/**
 * Signed in: the company's own order form (GET /api/legal/order-form, company-profile permission). Signed out, or
 * when the company's form cannot be read: the filled sample, labelled as such.
 */
export function useOrderForm(): { view: OrderFormView | null } {
  const me = useMe();
  const signedIn = Boolean(me.data);
  const company = useQuery({
    queryKey: ["legal", "order-form"],
    queryFn: () => api<{ form: OrderForm }>("/api/legal/order-form"),
    enabled: signedIn,
    retry: false,
    staleTime: 60_000,
  });
  if (me.isPending || (signedIn && company.isPending)) return { view: null };
  if (signedIn && company.data) return { view: { kind: "company", form: company.data.form } };
  return { view: { kind: "sample", form: sampleOrderForm(), reason: signedIn ? "unavailable" : "signed-out" } };
}
