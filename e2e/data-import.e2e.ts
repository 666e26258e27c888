/**
 * The demographics importer end to end (issue 14 item 2, decisions 0040, 0042, 0043): a CSV with odd headers is read
 * in the browser's worker, one header is flagged as not a valid cohort, another is remapped by hand, the bad row is
 * counted before importing, and the import runs to Done with its counts. Desktop and phone, axe on each state.
 */
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { DEMO_USERS, DESKTOP, openBrowser, PHONE, screenshot, signIn } from "./support/browser";
import { visibleText } from "./support/page-helpers";

const CSV = [
  "E-Mail Address,Given Name,DEPT.,Age Band,Site Name,Favourite colour",
  "ana.import@example.com,Ana,Sales,31-35,Berlin,green",
  "ben.import@example.com,Ben,Support,29,Lisbon,blue",
  "cy.import@example.com,Cy,Sales,1980,Berlin,red",
  "not-an-email,Dee,Sales,40,Berlin,gold",
  "eve.import@example.com,Eve,Engineering,56+,Austin,teal",
].join("\n");

describe("data import (issue 14 item 2)", () => {
  const baseUrl = inject("baseUrl");

  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    test(`${name}: odd headers matched, one flagged, one remapped (then remembered), the bad row counted, imported to Done`, async () => {
      const session = await openBrowser(baseUrl, viewport);
      try {
        const { page } = session;
        await signIn(page, DEMO_USERS.admin);
        await page.goto("/dashboard/data");
        await page.getByTestId("data-card").first().waitFor();
        await page.getByRole("link", { name: "Import data" }).click();
        await page.waitForURL((url) => url.pathname === "/dashboard/data/import");
        await page.getByText("Click or drag & drop to upload").waitFor();
        await checkA11y(page, `importer upload step (${name})`);
        await page
          .getByTestId("import-file-input")
          .setInputFiles({ name: `people-${name}.csv`, mimeType: "text/csv", buffer: Buffer.from(CSV) });
        const preview = page.getByTestId("import-preview");
        await preview.waitFor();
        if (name === "desktop") {
          // E-Mail Address, Given Name, DEPT. and Age Band are recognised; Site Name and Favourite colour are not
          expect(await visibleText(preview.getByTestId("column-counts"))).toBe("5 rows · 4 columns imported · 2 not imported");
          expect(await visibleText(preview.getByTestId("column-5-invalid"))).toBe("This column is not a valid cohort");
          await preview.getByTestId("column-4").click();
          await page.getByRole("menuitem", { name: "Location name", exact: true }).click();
          await preview.getByTestId("column-counts").getByText("5 columns imported · 1 not imported").waitFor();
        } else {
          // the company's choice from the first import is remembered: Site Name is the location from the start
          expect(await visibleText(preview.getByTestId("column-counts"))).toBe("5 rows · 5 columns imported · 1 not imported");
        }
        expect(await preview.getByTestId("column-4-invalid").count()).toBe(0);
        expect(await visibleText(preview.getByTestId("column-5-invalid"))).toBe("This column is not a valid cohort");
        const check = preview.getByTestId("row-check");
        await check.getByText("will not be.").waitFor();
        expect(await visibleText(check)).toContain("4 people will be imported; 1 row will not be.");
        expect(await visibleText(check)).toContain('Row 5: "not-an-email" is not an email address');
        await checkA11y(page, `importer preview (${name})`);
        await screenshot(page, `${name}-data-import-preview`);
        await preview.getByRole("button", { name: "Import", exact: true }).click();
        const progress = page.getByTestId("import-progress");
        await progress.getByTestId("import-status").getByText("Done").waitFor({ timeout: 30_000 });
        expect(await visibleText(progress.getByTestId("import-counts"))).toBe(
          "4 people imported · 1 row not imported · 5 rows in the file",
        );
        await checkA11y(page, `import done (${name})`);
        await screenshot(page, `${name}-data-import-done`);
        // the progress survives a reload
        await page.reload();
        await page.getByTestId("import-status").getByText("Done").waitFor();
        // the data page shows the imported people as cards, and the surveys as one aggregate card each
        await page.goto("/dashboard/data");
        await page.getByTestId("data-source").getByText("Imported", { exact: true }).click();
        const person = page.getByTestId("data-card").filter({ hasText: "ana.import@example.com" });
        await person.waitFor();
        expect(await visibleText(person)).toContain("Location name:Berlin");
        await page.getByTestId("data-source").getByText("Surveys", { exact: true }).click();
        const survey = page.getByTestId("data-card").filter({ hasText: "Love of Workplace Index" }).first();
        expect(await visibleText(survey)).toContain("Shown only together, in the survey's reports");
        await checkA11y(page, `data cards (${name})`);
        await screenshot(page, `${name}-data-cards`);
        await page.getByLabel("From").fill("2099-01-01");
        expect(await visibleText(page.getByTestId("data-empty"))).toContain(
          "All survey and imported employee feedback data will be displayed here",
        );
      } finally {
        await session.close();
      }
    });
  }
});
