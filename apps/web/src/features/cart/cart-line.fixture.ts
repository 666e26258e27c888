import type { CartResponse } from "@hearth/shared";

/** A priced cart line as the server sends it (a yearly Silver plan unless overridden): for tests only. */
export function cartLineFixture(overrides: Partial<CartResponse["lines"][number]> = {}): CartResponse["lines"][number] {
  return {
    id: "plan",
    kind: "plan",
    name: "Silver",
    image: null,
    type: "plan",
    plan: "Silver",
    badgeId: null,
    year: null,
    licenceType: null,
    quantity: 1,
    price: 1_800_000,
    originalPrice: 1_800_000,
    isPlanIncluded: false,
    isNextPlanIncluded: false,
    eligibility: true,
    payable: true,
    message: null,
    tooltip: null,
    ...overrides,
  };
}
