import { useSyncExternalStore } from "react";

/**
 * Whether the cart drawer is open. A tiny store rather than a context: the drawer lives in the header, and the plan
 * page (or any later page that adds to the cart) opens it without a provider around the layout.
 */
let opened = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (opened === value) return;
  opened = value;
  for (const listener of listeners) listener();
}

export function openCartDrawer(): void {
  set(true);
}

export function closeCartDrawer(): void {
  set(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCartDrawerOpened(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => opened,
    () => false,
  );
}
