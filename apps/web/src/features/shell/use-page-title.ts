import { useEffect } from "react";
import { useMatches } from "react-router";

export interface RouteHandle {
  title?: string;
}

/** The deepest route's title (route handle), also used for the document title. */
export function usePageTitle(): string | undefined {
  const matches = useMatches();
  let title: string | undefined;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.title) title = handle.title;
  }
  useEffect(() => {
    document.title = title ? `${title} · Hearth` : "Hearth";
  }, [title]);
  return title;
}
