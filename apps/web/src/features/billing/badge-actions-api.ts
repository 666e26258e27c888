import type { BadgeDownloadResult, BadgeEmbedCode, BadgeUsage, HeldBadgeList } from "@hearth/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { CERTIFICATION_CARDS_KEY } from "./certifications-api";

export const BADGE_USAGE_KEY = ["certifications", "usage"] as const;
export const HELD_BADGES_KEY = ["certifications", "held"] as const;

/** GET /api/certifications/held: the badges the company holds, for every member (the dashboard's Certifications). */
export function useHeldBadges() {
  return useQuery({ queryKey: HELD_BADGES_KEY, queryFn: () => api<HeldBadgeList>("/api/certifications/held") });
}

/** GET /api/certifications/usage: the badge licence, downloads left, the certifications on the profile. */
export function useBadgeUsage(enabled = true) {
  return useQuery({ queryKey: BADGE_USAGE_KEY, queryFn: () => api<BadgeUsage>("/api/certifications/usage"), enabled });
}

/** POST /api/certifications/downloads: records the download, answers the image to fetch. */
export function useRecordBadgeDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (badgeId: string) => api<BadgeDownloadResult>("/api/certifications/downloads", { body: { badgeId } }),
    onSuccess: (result) => {
      client.setQueryData(BADGE_USAGE_KEY, result.usage);
      void client.invalidateQueries({ queryKey: CERTIFICATION_CARDS_KEY });
      void client.invalidateQueries({ queryKey: HELD_BADGES_KEY });
    },
  });
}

/** POST /api/certifications/embed-code. */
export function useEmbedCode() {
  return useMutation({ mutationFn: (badgeId: string) => api<BadgeEmbedCode>("/api/certifications/embed-code", { body: { badgeId } }) });
}

/** POST /api/certifications/profile (show) or DELETE /api/certifications/profile/:badgeId (hide). */
export function useShowBadgeOnProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ badgeId, shown }: { badgeId: string; shown: boolean }) =>
      shown
        ? api<BadgeUsage>("/api/certifications/profile", { body: { badgeId } })
        : api<BadgeUsage>(`/api/certifications/profile/${encodeURIComponent(badgeId)}`, { method: "DELETE" }),
    onSuccess: (usage) => client.setQueryData(BADGE_USAGE_KEY, usage),
  });
}

/** Saves the file the browser fetches from the badge image URL under the given name. */
export function saveFile(url: string, fileName: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}
