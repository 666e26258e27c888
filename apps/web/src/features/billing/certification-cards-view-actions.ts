/** What the Certified card says about its downloads (decision 0038): pure, tested without rendering. */
import type { BadgeUsage } from "@hearth/shared";

export function describeRemainingDownloads(usage: Pick<BadgeUsage, "licence" | "remaining">): string {
  if (usage.licence === null || usage.remaining === null) return "Unlimited badge downloads on your plan.";
  if (usage.licence === 0) return "Your plan includes no badge downloads.";
  const left = Math.max(0, usage.remaining);
  return `${left} of ${usage.licence} badge ${usage.licence === 1 ? "download" : "downloads"} left this licence year.`;
}
