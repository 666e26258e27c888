/*
 * The generation of this process's lookups of held badges (docs/decisions/0036). The badge embed's cache
 * (badges.service.ts) trusts a lookup only while the generation it was made under is current; the code that revokes
 * a badge (credentials.service.ts) moves it on. It lives here, below both, so the two services do not import each
 * other.
 */
let generation = 0;

/** The current generation: a lookup made under an older one is not trusted. */
export function heldBadgesGeneration(): number {
  return generation;
}

/**
 * Makes every server-side lookup of held badges in this process stale, so the next embed asks the database: for the
 * code that revokes a badge or renames a company, when the change must show before HELD_BADGE_TTL_MS.
 */
export function forgetHeldBadges(): void {
  generation += 1;
}
