import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { DEFAULT_DIST, measureEntry, SURVEY_JS_BUDGET_BYTES } from "./bundle-size";

// Reads the last build; `npm test` does not build, so without apps/web/dist/survey.html these checks are skipped.
const measured = measureEntry(DEFAULT_DIST);
const why = "(skipped: apps/web/dist/survey.html is missing; run `npm run build -w @hearth/web` first)";

describe("public survey bundle", () => {
  test.skipIf(measured === null)(`the JavaScript survey.html loads stays within 100 KB gzipped ${why}`, () => {
    const size = measured!;
    const report = size.files.map((file) => `${file.file}: ${(file.gzipBytes / 1024).toFixed(1)} KB gz`).join(", ");
    expect(size.files.length, "survey.html loads no JavaScript: is the build complete?").toBeGreaterThan(0);
    expect(size.gzipBytes, `survey entry JavaScript is ${(size.gzipBytes / 1024).toFixed(1)} KB gzipped (${report})`).toBeLessThanOrEqual(
      SURVEY_JS_BUDGET_BYTES,
    );
  });

  test.skipIf(measured === null)(`the survey entry loads none of the dashboard's libraries ${why}`, () => {
    const source = measured!.files.map((file) => readFileSync(path.join(DEFAULT_DIST, file.file), "utf8")).join("\n");
    for (const marker of ["mantine-", "React Router", "No QueryClient set", "ZodError"]) expect(source, marker).not.toContain(marker);
  });
});
