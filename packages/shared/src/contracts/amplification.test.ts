import { describe, expect, it } from "vitest";
import { normalizeQuoteText, shareOnXUrl, socialQuoteQuerySchema } from "./amplification.js";

describe("social quotes", () => {
  it("reads a quote as one paragraph", () => {
    expect(normalizeQuoteText("  Kind people\n\n and   clear goals. ")).toBe("Kind people and clear goals.");
  });

  it("opens an X post with the quote in quotation marks", () => {
    const url = new URL(shareOnXUrl("Great team & good coffee #1"));
    expect(url.origin + url.pathname).toBe("https://twitter.com/intent/tweet");
    expect(url.searchParams.get("text")).toBe("“Great team & good coffee #1”");
  });

  it("pages 12 at a time by default and at most 50", () => {
    expect(socialQuoteQuerySchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(socialQuoteQuerySchema.safeParse({ pageSize: "51" }).success).toBe(false);
  });
});
