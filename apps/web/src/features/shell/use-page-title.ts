import { useEffect } from "react";
import { type Params, useMatches } from "react-router";

export interface RouteHandle {
  /** The page's title, or a function of the route's parameters (a tutorial's title by its slug). */
  title?: string | ((params: Params) => string);
}

/** The deepest route's title (route handle), also used for the document title. */
export function usePageTitle(): string | undefined {
  const matches = useMatches();
  let title: string | undefined;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.title) title = typeof handle.title === "function" ? handle.title(match.params) : handle.title;
  }
  useEffect(() => {
    document.title = title ? `${title} · Hearth` : "Hearth";
  }, [title]);
  return title;
}
