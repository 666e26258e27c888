/**
 * Survey/feedback imports end to end (issue 14 item 2, decision 0046): a CSV of answers collected elsewhere is read in
 * the browser's worker, the "Select Data Columns" modal offers its columns with what each holds and never the email,
 * nothing selected disables Import with the reason, the import runs to Done, and the import's page shows its Data,
 * Sentiment & Emotion, Comments and Thematic Analysis tabs. Desktop and phone, axe on each state.
 */
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { DEMO_USERS, DESKTOP, openBrowser, PHONE, screenshot, screenshotViewport, signIn } from "./support/browser";
import { visibleText } from "./support/page-helpers";

const COMMENTS = [
  "The team is supportive and kind, I love working here.",
  "Communication about priorities could be much clearer.",
  "Great colleagues and a friendly atmosphere every day.",
  "I wish we had more time for training and learning.",
  "Managers listen and act on our ideas, which is great.",
  "Too many meetings leave little time for focused work.",
  "Flexible hours make it easy to balance family and work.",
  "The new office is bright and pleasant to work in.",
  "Pay raises should be explained more openly to everyone.",
  "I feel trusted and respected by my manager.",
];

const csvFor = (name: string) =>
  [
    "Email,Department,Rating (1-5),What would you tell a friend about working here?",
    ...COMMENTS.map(
      (comment, index) => `${name}${index}@example.com,${index % 2 === 0 ? "Sales" : "Support"},${(index % 5) + 1},"${comment}"`,
    ),
    // an address and nothing else: rejected, with its reason
    `${name}-empty@example.com,,,`,
  ].join("\n");

describe("feedback import (issue 14 item 2)", () => {
  const baseUrl = inject("baseUrl");

  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    test(`${name}: columns chosen in the modal (email never), imported to Done, the import's page and its tabs`, async () => {
      const session = await openBrowser(baseUrl, viewport);
      try {
        const { page } = session;
        await signIn(page, DEMO_USERS.admin);
        await page.goto("/dashboard/data/import");
        await page.getByText("Click or drag & drop to upload").waitFor();
        await page.getByTestId("import-kind").getByText("Survey answers & feedback").click();
        await page.getByText("Imported without names.", { exact: false }).waitFor();
        await page
          .getByTestId("import-file-input")
          .setInputFiles({ name: `feedback-${name}.csv`, mimeType: "text/csv", buffer: Buffer.from(csvFor(name)) });

        const modal = page.getByRole("dialog", { name: "Select Data Columns" });
        await modal.waitFor();
        await modal.getByTestId("feedback-column-3").waitFor();
        // the email identifies a person: listed, explained, not selectable
        const email = modal.locator("input[name=column-0]");
        expect(await email.isDisabled()).toBe(true);
        expect(await email.isChecked()).toBe(false);
        expect(await visibleText(modal.getByTestId("feedback-column-0"))).toContain("imported feedback is kept without names");
        // what each other column holds, as read from the file
        expect(await modal.getByRole("combobox", { name: "What Department holds" }).inputValue()).toBe("choice");
        expect(await modal.getByRole("combobox", { name: "What Rating (1-5) holds" }).inputValue()).toBe("rating");
        expect(
          await modal.getByRole("combobox", { name: "What What would you tell a friend about working here? holds" }).inputValue(),
        ).toBe("comment");
        expect(await visibleText(modal.getByTestId("feedback-column-1"))).toContain("Cohort");
        // nothing selected: Import is disabled, with the reason
        for (const index of [1, 2, 3]) await modal.locator(`input[name=column-${index}]`).uncheck();
        const importButton = modal.getByTestId("feedback-import-button");
        expect(await importButton.isDisabled()).toBe(true);
        expect(await visibleText(modal.getByTestId("feedback-import-reason"))).toBe("Select at least one column to import.");
        for (const index of [1, 2, 3]) await modal.locator(`input[name=column-${index}]`).check();
        expect(await visibleText(modal.getByTestId("feedback-import-reason"))).toBe("3 columns will be imported.");
        await checkA11y(page, `feedback columns modal (${name})`);
        await screenshotViewport(page, `${name}-feedback-import-modal`);
        await importButton.click();

        const progress = page.getByTestId("import-progress");
        await progress.getByTestId("import-status").getByText("Done").waitFor({ timeout: 30_000 });
        expect(await visibleText(progress.getByTestId("import-counts"))).toBe(
          "10 responses imported · 1 row not imported · 11 rows in the file",
        );
        await progress.getByTestId("open-import").click();
        await page.waitForURL((url) => /^\/dashboard\/data\/import\/[0-9a-f-]{36}$/.test(url.pathname));

        // Data: the file, its totals, what became of each column, and the answers together
        expect(await visibleText(page.getByTestId("import-detail-name"))).toBe(`feedback-${name}.csv`);
        expect(await visibleText(page.getByTestId("import-accepted"))).toBe("10");
        expect(await visibleText(page.getByTestId("import-rejected"))).toBe("1");
        const columns = page.getByTestId("import-columns");
        expect(await visibleText(columns)).toContain("EmailNot imported");
        expect(await visibleText(columns)).toContain("Rating scale");
        await page.getByTestId("download-rejected").waitFor();
        await page.getByTestId("import-answers").getByText("Department").first().waitFor({ timeout: 15_000 });
        await checkA11y(page, `import detail, data (${name})`);
        await screenshot(page, `${name}-feedback-import-detail`);

        await page.getByTestId("import-tab-sentiment").click();
        await page.waitForURL((url) => url.pathname.endsWith("/sentiment"));
        await page.getByTestId("sentiment-chart").first().waitFor({ timeout: 30_000 });
        await page.getByTestId("import-tab-comments").click();
        await page.waitForURL((url) => url.pathname.endsWith("/comments"));
        await page.getByTestId("comment-row").first().waitFor({ timeout: 30_000 });
        expect(await page.getByTestId("comment-row").count()).toBe(10);
        await checkA11y(page, `import detail, comments (${name})`);
        await screenshot(page, `${name}-feedback-import-comments`);
        await page.getByTestId("import-tab-thematic").click();
        await page.waitForURL((url) => url.pathname.endsWith("/thematic"));
        await page.getByTestId("thematic-theme").or(page.getByTestId("thematic-empty")).first().waitFor({ timeout: 30_000 });

        // the data page: the import listed, and its survey as one card that opens the import
        await page.goto("/dashboard/data");
        await page.getByTestId("recent-imports").getByText(`feedback-${name}.csv`).waitFor();
        await page.getByTestId("data-source").getByText("Imported", { exact: true }).click();
        const card = page
          .getByTestId("data-card")
          .filter({ hasText: `feedback-${name}` })
          .first();
        await card.waitFor();
        expect(await visibleText(card)).toContain("Responses:10");
        await card.getByTestId("data-card-open").click();
        await page.waitForURL((url) => /^\/dashboard\/data\/import\/[0-9a-f-]{36}$/.test(url.pathname));
      } finally {
        await session.close();
      }
    });
  }

  test("a demographics import's page: the Data tab only, and its analysis addresses say it holds no feedback", async () => {
    const session = await openBrowser(baseUrl, DESKTOP);
    try {
      const { page } = session;
      await signIn(page, DEMO_USERS.admin);
      const csv = "Email,Department\nzoe.detail@example.com,Sales\nyan.detail@example.com,Support\n";
      const upload = await page.request.put(
        `/api/uploads?${new URLSearchParams({ filename: "people-detail.csv", filetype: "text/csv", path: "imports" })}`,
        {
          headers: { origin: baseUrl, "content-type": "text/csv" },
          data: Buffer.from(csv),
        },
      );
      expect(upload.status()).toBe(201);
      const started = await page.request.post("/api/data/imports", {
        headers: { origin: baseUrl },
        data: {
          uploadId: (await upload.json()).id,
          kind: "demographics",
          columns: [
            { header: "Email", field: "email" },
            { header: "Department", field: "department" },
          ],
        },
      });
      expect(started.status()).toBe(201);
      const { id } = await started.json();
      await page.goto(`/dashboard/data/import/${id}`);
      await page.getByTestId("import-detail-status").getByText("Done").waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("import-tab-data").count()).toBe(1);
      expect(await page.getByTestId("import-tab-comments").count()).toBe(0);
      expect(await visibleText(page.getByTestId("import-columns"))).toContain("DepartmentDepartment name");
      await checkA11y(page, "demographics import detail");
      await screenshot(page, "desktop-demographics-import-detail");
      await page.goto(`/dashboard/data/import/${id}/comments`);
      await page.getByText("No feedback in this import").waitFor();
    } finally {
      await session.close();
    }
  });
});
