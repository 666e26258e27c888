import { DEFAULT_TIME_ZONE } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { initialPreviewZone, initialScheduleDay, initialScheduleZone, joinSendDate, parseTypedDate } from "./schedule-values";

describe("schedule values", () => {
  it("starts in the company's zone when it is one of the ten", () => {
    expect(initialScheduleZone("Europe/Paris")).toBe("Europe/Paris");
    expect(initialScheduleZone("Europe/Berlin")).toBe(DEFAULT_TIME_ZONE);
    expect(initialScheduleZone(null)).toBe(DEFAULT_TIME_ZONE);
  });

  it("starts today when 13:00 is still ahead in that zone, else tomorrow", () => {
    const morning = Date.UTC(2026, 11, 1, 14, 0); // 09:00 in New York
    const evening = Date.UTC(2026, 11, 1, 23, 0); // 18:00 in New York
    expect(initialScheduleDay("America/New_York", morning)).toBe("2026-12-01");
    expect(initialScheduleDay("America/New_York", evening)).toBe("2026-12-02");
  });

  it("previews in the browser's zone, or another of the ten", () => {
    expect(initialPreviewZone("America/New_York", "Europe/Berlin")).toBe("Europe/Berlin");
    expect(initialPreviewZone("America/New_York", "America/New_York")).toBe("America/Chicago");
    expect(initialPreviewZone("America/New_York", null)).toBe("America/Chicago");
  });

  it("reads typed dates and joins the send date", () => {
    expect(parseTypedDate("12/01/2026")).toBe("2026-12-01");
    expect(parseTypedDate("2026-12-01")).toBe("2026-12-01");
    expect(parseTypedDate("02/31/2026")).toBeNull();
    expect(parseTypedDate("soon")).toBeNull();
    expect(joinSendDate("2026-12-01", "13:00")).toBe("2026-12-01T13:00");
    expect(joinSendDate("2026-12-01", "09:30:00")).toBe("2026-12-01T09:30");
    expect(joinSendDate(null, "13:00")).toBe("");
    expect(joinSendDate("2026-12-01", "")).toBe("");
  });
});
