import { Pagination } from "@mantine/core";

/** Mantine's pagination with words for screen readers on every control ("Next page", "Page 3"); nothing when one page. */
export function LabelledPagination({ pages, page, onChange }: { pages: number; page: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      size="sm"
      getControlProps={(control) => ({ "aria-label": `${control[0].toUpperCase()}${control.slice(1)} page` })}
      getItemProps={(item) => ({ "aria-label": `Page ${item}` })}
    />
  );
}
