import type { CertificationCardList } from "@hearth/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const CERTIFICATION_CARDS_KEY = ["certifications", "cards"] as const;

/** GET /api/certifications/cards: the company's certification and award cards with status, eligibility and price. */
export function useCertificationCards() {
  return useQuery({
    queryKey: CERTIFICATION_CARDS_KEY,
    queryFn: () => api<CertificationCardList>("/api/certifications/cards"),
  });
}
