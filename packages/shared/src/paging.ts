/** The shared paging footer: "Showing X to Y of Z results". */

export const DEFAULT_PAGE_SIZE = 25;

export interface PageWindow {
  page: number;
  pageCount: number;
  from: number;
  to: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

export function computePageWindow(total: number, requestedPage: number, pageSize = DEFAULT_PAGE_SIZE): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(requestedPage) || 1), pageCount);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return { page, pageCount, from, to, total, hasPrevious: page > 1, hasNext: page < pageCount };
}

export function describePageWindow(window: PageWindow): string {
  return `Showing ${window.from} to ${window.to} of ${window.total} results`;
}
