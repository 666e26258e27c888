/**
 * Verifiable badges end to end (issue 13 item 6, decision 0037): a new company earns its certification and pays for
 * it (the payment recorded by an internal account, the path a company without a plan takes), the embed image carries
 * the signed credential, /verify/{id} says Valid on desktop and phone (axe checked on every
 * page reached), and an uploaded baked PNG verifies in the page; a changed copy does not.
 */
import { crc32 } from "node:zlib";
import { describe, expect, inject, test } from "vitest";
import { readBakedCredential } from "../apps/server/src/modules/credentials/baking";
import { checkA11y } from "./support/a11y";
import { createVerifiedUser, DEMO_USERS, DESKTOP, openBrowser, PHONE, screenshot, signIn } from "./support/browser";
import { makeEligible } from "./support/certification";
import { ok, visibleText } from "./support/page-helpers";

describe("verifiable badges (issue 13 item 6)", () => {
  const baseUrl = inject("baseUrl");

  test("a certified company's badge verifies at /verify/{id} and from its baked PNG; a changed PNG does not", async () => {
    const companyName = "Verified Kiln Co";
    const owner = await createVerifiedUser(baseUrl, "credentials", companyName);
    let png = Buffer.alloc(0);
    let credentialId = "";

    const desktop = await openBrowser(baseUrl, DESKTOP);
    try {
      const api = desktop.context.request;
      await signIn(desktop.page, owner.email, owner.password);
      const year = await makeEligible(api, companyName, "3 Verify Lane, Austin, TX");
      const me = await ok<{ tenant: { id: string } }>(await api.get("/api/me"));
      const badge = { kind: "badge", badgeId: `certification-${year}`, licenceType: "digitalorprint" } as const;
      // Silver with the certification it includes (a Free company's badge alone goes to the sales team)
      const plan = { kind: "plan", plan: "Silver" } as const;
      await ok(await api.post("/api/cart/items", { data: plan }));
      await ok(await api.post("/api/cart/items", { data: badge }));
      const checkout = await ok<{ order: { id: string } }>(
        await api.post("/api/certifications/aquire", { data: { companyId: me.tenant.id, certifications: [plan, badge] } }),
      );
      const internal = await openBrowser(baseUrl, DESKTOP);
      try {
        await signIn(internal.page, DEMO_USERS.internal);
        await ok(
          await internal.context.request.post(`/api/internal/orders/${checkout.order.id}/payment`, {
            data: { paidAt: new Date().toISOString(), reference: "E2E-BADGE-1" },
          }),
        );
      } finally {
        await internal.close();
      }

      // the embed image carries the signed credential
      const image = await api.get(
        `/api/certifications/embed?id=${me.tenant.id}&certification=${encodeURIComponent("Hearth Certified Workplace")}&year=${year}`,
      );
      expect(image.status()).toBe(200);
      png = Buffer.from(await image.body());
      const credential = JSON.parse(readBakedCredential(png) as string) as { id: string };
      credentialId = credential.id.split("/").pop() as string;
      expect(credential.id).toMatch(/\/api\/credentials\/[0-9a-f-]{36}$/);
    } finally {
      await desktop.close();
    }

    for (const [name, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      // signed out: the page is public
      const session = await openBrowser(baseUrl, viewport);
      const { page } = session;
      try {
        await page.goto(`/verify/${credentialId}`);
        await page.getByTestId("badge-status").first().waitFor();
        expect(await visibleText(page.getByTestId("badge-status").first())).toBe("Valid");
        const main = await visibleText(page.locator("main"));
        for (const shown of ["Hearth Certified Workplace", "Awarded to Verified Kiln Co", "Issuer", "Issued on", "Signature: passed"]) {
          expect(main).toContain(shown);
        }
        // The criteria name the index as the spec does (issue 25 item 2).
        expect(main).toContain("Love of Workplace Index™ (LOWI)");
        expect(main).not.toContain("Love of Work Index");
        expect(
          await page
            .getByRole("img", { name: /badge$/ })
            .first()
            .isVisible(),
        ).toBe(true);
        await screenshot(page, `${name}-verify-badge`);

        // the baked PNG uploaded in the page verifies
        await page.locator('input[type="file"]').setInputFiles({ name: "badge.png", mimeType: "image/png", buffer: png });
        const uploaded = page.getByRole("region", { name: /Hearth Certified Workplace/ }).nth(1);
        await page.getByText("Credential baked into the uploaded PNG").waitFor();
        expect(await visibleText(uploaded.getByTestId("badge-status"))).toBe("Valid");
        await checkA11y(page, `verify page with an uploaded badge (${name})`);
        await screenshot(page, `${name}-verify-upload`);
      } finally {
        await session.close();
      }
    }

    // one byte of the baked credential changed (its CRC fixed, as a forger would): Not verified
    const tampered = Buffer.from(png);
    const at = tampered.indexOf(Buffer.from("Verified Kiln Co"));
    tampered[at] = "W".charCodeAt(0);
    const chunk = tampered.indexOf(Buffer.from("iTXt")) - 4;
    const length = tampered.readUInt32BE(chunk);
    tampered.writeUInt32BE(crc32(tampered.subarray(chunk + 4, chunk + 8 + length)), chunk + 8 + length);
    const session = await openBrowser(baseUrl, DESKTOP);
    try {
      await session.page.goto("/verify");
      await session.page.locator('input[type="file"]').setInputFiles({ name: "badge.png", mimeType: "image/png", buffer: tampered });
      await session.page.getByText("Credential baked into the uploaded PNG").waitFor();
      expect(await visibleText(session.page.getByTestId("badge-status"))).toBe("Not verified");
      expect(await visibleText(session.page.locator("main"))).toContain("Signature: failed");
    } finally {
      await session.close();
    }
  });
});
