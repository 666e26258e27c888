/**
 * The tutorial pages' screenshots (apps/web/public/tutorials/*.webp), taken from the running product with the demo
 * company. Skipped in the normal run; to make them again:
 *   TUTORIAL_SCREENSHOTS=1 E2E_SERVER=tsx flock /tmp/hearth-e2e.lock npx vitest run --project e2e e2e/tutorial-screenshots.e2e.ts
 * Each capture is a 1280×800 window scaled to 960×600 and encoded as WebP by Chromium itself (a canvas), so no image
 * tool is needed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SurveySummary } from "@hearth/shared";
import type { Page } from "playwright-core";
import { describe, inject, test } from "vitest";
import { FIGURE_SIZE } from "../apps/web/src/features/tutorials/tutorial-types";
import { DEMO_USERS, DESKTOP, openBrowser, signIn } from "./support/browser";
import { modalsSettled, ok } from "./support/page-helpers";

const OUT = path.resolve(import.meta.dirname, "../apps/web/public/tutorials");
const QUALITY = 0.72;
/** A small attributes file in the shape HR systems export. */
const PEOPLE_CSV = [
  "Work Email,First Name,Last Name,Department,Location,Tenure",
  "jordan.reyes@demo.hearth.test,Jordan,Reyes,Engineering,Lisbon,4",
  "sam.okafor@demo.hearth.test,Sam,Okafor,Sales,Chicago,2",
  "lee.nakamura@demo.hearth.test,Lee,Nakamura,Engineering,Chicago,7",
  "priya.shah@demo.hearth.test,Priya,Shah,Finance,Lisbon,1",
  "noah.berg@demo.hearth.test,Noah,Berg,Sales,Lisbon,3",
].join("\n");
const REVIEW = path.resolve(import.meta.dirname, "../test-results/tutorial-screenshots");

/** The window as a WebP of FIGURE_SIZE, written under apps/web/public/tutorials/. */
async function capture(page: Page, encoder: Page, file: string): Promise<void> {
  await page.waitForTimeout(300);
  const png = await page.screenshot({ type: "png" });
  const dataUrl = await encoder.evaluate(
    async ({ source, width, height, quality }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("No 2D canvas");
      context.imageSmoothingQuality = "high";
      context.drawImage(image, 0, 0, width, height);
      return canvas.toDataURL("image/webp", quality);
    },
    { source: `data:image/png;base64,${png.toString("base64")}`, ...FIGURE_SIZE, quality: QUALITY },
  );
  if (!dataUrl.startsWith("data:image/webp")) throw new Error("Chromium did not encode WebP");
  writeFileSync(path.join(OUT, file), Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"));
  // The full-size capture stays with the test results, for a look at what was taken.
  mkdirSync(REVIEW, { recursive: true });
  writeFileSync(path.join(REVIEW, file.replace(/\.webp$/, ".png")), png);
}

describe.skipIf(!process.env.TUTORIAL_SCREENSHOTS)("tutorial screenshots", () => {
  const baseUrl = inject("baseUrl");

  test("the demo company's pages, as the tutorials describe them", async () => {
    const session = await openBrowser(baseUrl, DESKTOP);
    const { page, context } = session;
    const encoder = await context.newPage();
    try {
      await signIn(page, DEMO_USERS.admin);
      const surveys = await ok<SurveySummary[]>(await context.request.get("/api/surveys"));
      const published = surveys.filter((survey) => !survey.draft && !survey.archived);
      const report = published.find((survey) => survey.isLOWI && survey.completed > 0);
      const open = published.find((survey) => survey.status === "Active");
      if (!report || !open) throw new Error("The demo company needs a LOWI survey with answers and an open survey");

      await page.goto("/dashboard/surveys/new");
      await page.getByTestId("wizard-step-1").getByTestId("preset-PulseValidation").waitFor();
      await modalsSettled(page);
      await capture(page, encoder, "wizard-types.webp");

      await page
        .getByTestId("preset-PulseValidation")
        .getByRole("button", { name: /^Continue with/ })
        .click();
      await page.getByTestId("wizard-step-2").locator('[data-tour="survey-questions"]').waitFor();
      await page.getByLabel("Survey Name").fill("Love of Workplace Index 2027");
      await page.getByLabel("Description").fill("Tell us what makes Demo Company a good place to work, and what would make it better.");
      await modalsSettled(page);
      await capture(page, encoder, "wizard-questions.webp");

      await page.goto("/dashboard/surveys/new");
      await page
        .getByTestId("preset-Custom")
        .getByRole("button", { name: /^Continue with/ })
        .click();
      const step2 = page.getByTestId("wizard-step-2");
      await step2.getByTestId("question-card").first().waitFor();
      await page.getByLabel("Survey Name").fill("Team week check-in");
      await page.getByLabel("Description").fill("Three minutes on how your week went.");
      await step2
        .getByTestId("question-card")
        .first()
        .getByRole("textbox", { name: /^Question/ })
        .fill("What would make your week easier?");
      await modalsSettled(page);
      await capture(page, encoder, "wizard-custom-question.webp");

      const invitations = `/dashboard/surveys/${open.isLOWI ? "lowi" : "other"}/${open.id}/invitees`;
      await page.goto(invitations);
      await page.locator('[data-tour="invite-recipient-ways"]').waitFor();
      await capture(page, encoder, "invitations.webp");

      await page.getByTestId("recipient-tab-manual").click();
      await page.getByRole("form", { name: "Add a recipient" }).getByLabel("Email").fill("avery.lopez@example.test");
      await page.getByRole("form", { name: "Add a recipient" }).getByLabel("First name").fill("Avery");
      await page.getByTestId("manual-add").click();
      await page.getByTestId("recipients-next").click();
      await page.getByTestId("email-subject").waitFor();
      await capture(page, encoder, "invitation-email.webp");

      await page.getByTestId("open-templates").click();
      await page.getByRole("dialog", { name: "Email templates" }).getByTestId("template-use").first().waitFor();
      await modalsSettled(page);
      await capture(page, encoder, "email-templates.webp");

      await page.goto(`/dashboard/reports/lowi/${report.id}/company`);
      await page.locator('[data-tour="report-content"]').waitFor();
      await page.getByTestId("report-survey-name").waitFor();
      await page.waitForTimeout(800);
      await capture(page, encoder, "report.webp");

      await page.goto("/dashboard/data/import");
      await page.getByText("Click or drag & drop to upload").waitFor();
      await page
        .getByTestId("import-file-input")
        .setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(PEOPLE_CSV) });
      const preview = page.getByTestId("import-preview");
      await preview.getByTestId("row-check").waitFor();
      await capture(page, encoder, "data-import.webp");
      await preview.getByRole("button", { name: "Import", exact: true }).click();
      await page.getByTestId("import-progress").getByTestId("import-status").getByText("Done").waitFor({ timeout: 30_000 });

      await page.goto("/dashboard/data");
      await page.getByTestId("data-total").waitFor();
      await capture(page, encoder, "data-page.webp");
    } finally {
      await session.close();
    }
  });
});
