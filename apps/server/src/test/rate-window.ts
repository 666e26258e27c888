/**
 * Rate limits count in fixed windows aligned to the clock (a minute, 15 minutes, an hour: every boundary is a
 * minute boundary). A test that makes N calls and expects the (N+1)th to be refused fails when a boundary falls
 * between them, so it first waits, when needed, until at least `seconds` remain before the next minute boundary.
 */
export async function clearOfWindowBoundary(seconds = 10): Promise<void> {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, Math.ceil(left * 1000) + 50));
}
