/** Social quotes: the list, the PNG download and removal (GET/POST /api/amplification/quotes…). */
import { QUOTE_PAGE_SIZE, type SocialQuoteList } from "@hearth/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { fileNameFromDisposition } from "../reports";

export const QUOTES_KEY = ["amplification", "quotes"] as const;

const quotePath = (id: string) => `/api/amplification/quotes/${encodeURIComponent(id)}`;

export function useSocialQuotes(page: number) {
  return useQuery({
    queryKey: [...QUOTES_KEY, page],
    queryFn: ({ signal }) => api<SocialQuoteList>(`/api/amplification/quotes?page=${page}&pageSize=${QUOTE_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRemoveQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(`${quotePath(id)}/remove`, { method: "POST", body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUOTES_KEY }),
  });
}

/** Fetches the quote's PNG and saves it under the server's file name; throws when the server says no. */
export async function downloadQuoteImage(id: string): Promise<void> {
  const response = await fetch(`${quotePath(id)}/image.png`, { credentials: "include" });
  if (!response.ok) throw new Error(`image download answered ${response.status}`);
  const blob = await response.blob();
  if (blob.type !== "image/png") throw new Error(`image download sent ${blob.type}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameFromDisposition(response.headers.get("content-disposition"), "quote.png");
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
