import { COHORT_INVITEE_PAGE_SIZE } from "@hearth/shared";
import { describe, expect, test } from "vitest";
import { INVITEE_PAGE_SIZES, serverSlice } from "./company-invitee-rules";

describe("invitees page: screens of 25/50/100 over the API's pages", () => {
  test("every size divides the API's page, so a screen never spans two API pages", () => {
    for (const size of INVITEE_PAGE_SIZES) expect(COHORT_INVITEE_PAGE_SIZE % size).toBe(0);
  });

  test("screens map to an API page and an offset in it", () => {
    expect(serverSlice(1, 25, 500)).toEqual({ serverPage: 1, offset: 0 });
    expect(serverSlice(2, 25, 500)).toEqual({ serverPage: 1, offset: 25 });
    expect(serverSlice(20, 25, 500)).toEqual({ serverPage: 1, offset: 475 });
    expect(serverSlice(21, 25, 500)).toEqual({ serverPage: 2, offset: 0 });
    expect(serverSlice(6, 100, 500)).toEqual({ serverPage: 2, offset: 0 });
    expect(serverSlice(4, 50, 500)).toEqual({ serverPage: 1, offset: 150 });
  });

  test("a page below 1 is page 1", () => {
    expect(serverSlice(0, 25, 500)).toEqual({ serverPage: 1, offset: 0 });
  });
});
