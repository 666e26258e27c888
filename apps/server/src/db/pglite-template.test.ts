import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase } from "./client.js";
import { createFromTemplate, installedPgliteVersion, migrationTags, type TemplateMarker } from "./pglite-template.js";

describe("a new embedded database from the build's template", () => {
  let root: string;
  let template: string;
  const marker = (): TemplateMarker => ({ pglite: installedPgliteVersion() ?? "?", migrations: migrationTags(MIGRATIONS_FOLDER) });
  const writeMarker = (value: unknown) => writeFileSync(`${template}.json`, JSON.stringify(value));

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "hearth-pglite-template-"));
    template = path.join(root, "pglite-template");
    // made the way scripts/build-server.mjs makes it: every migration applied, then a clean shutdown
    const pglite = await PGlite.create({ dataDir: template });
    await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
    await pglite.close();
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("knows the installed PGlite version and the migrations", () => {
    expect(installedPgliteVersion()).toMatch(/^\d+\.\d+\.\d+/);
    expect(migrationTags(MIGRATIONS_FOLDER)[0]).toBe("0000_init");
  });

  it("copies the template into an absent data directory, which then opens as a migrated database", async () => {
    writeMarker(marker());
    const dataDir = path.join(root, "first", "pglite");
    mkdirSync(path.dirname(dataDir), { recursive: true });
    expect(createFromTemplate(dataDir, template, MIGRATIONS_FOLDER)).toBe(true);
    expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
    // no staging copy is left beside it
    expect(readdirSync(path.dirname(dataDir))).toEqual(["pglite"]);

    const handle = await openDatabase({ dataDir: path.join(root, "first") });
    try {
      await migrateDatabase(handle); // nothing left to apply
      const tables = await handle.pglite?.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
      );
      expect(tables?.rows[0]?.n).toBeGreaterThan(10);
      await handle.pglite?.query("insert into tenant (id, company_name) values ($1, $2)", [crypto.randomUUID(), "From template"]);
    } finally {
      await handle.close();
    }
    // the template itself is untouched by what the copy went through
    const again = path.join(root, "second", "pglite");
    expect(createFromTemplate(again, template, MIGRATIONS_FOLDER)).toBe(true);
    const copy = await PGlite.create({ dataDir: again });
    const tenants = await copy.query<{ n: number }>("select count(*)::int as n from tenant");
    expect(tenants.rows[0]?.n).toBe(0);
    await copy.close();
  }, 60_000);

  it("also fills an empty directory, and leaves one that holds anything alone", () => {
    writeMarker(marker());
    const empty = path.join(root, "empty");
    mkdirSync(empty, { recursive: true });
    expect(createFromTemplate(empty, template, MIGRATIONS_FOLDER)).toBe(true);
    const used = path.join(root, "used");
    mkdirSync(used, { recursive: true });
    writeFileSync(path.join(used, "something"), "x");
    expect(createFromTemplate(used, template, MIGRATIONS_FOLDER)).toBe(false);
    expect(readdirSync(used)).toEqual(["something"]);
  });

  it("is not used when made by another PGlite, for other migrations, or without its marker", () => {
    const target = () => path.join(root, `refused-${crypto.randomUUID()}`);
    writeMarker({ ...marker(), pglite: "0.0.1" });
    expect(createFromTemplate(target(), template, MIGRATIONS_FOLDER)).toBe(false);
    writeMarker({ ...marker(), migrations: ["0000_something_else"] });
    expect(createFromTemplate(target(), template, MIGRATIONS_FOLDER)).toBe(false);
    writeMarker("not a marker");
    expect(createFromTemplate(target(), template, MIGRATIONS_FOLDER)).toBe(false);
    rmSync(`${template}.json`);
    expect(createFromTemplate(target(), template, MIGRATIONS_FOLDER)).toBe(false);
    expect(createFromTemplate(target(), path.join(root, "no-template"), MIGRATIONS_FOLDER)).toBe(false);
  });

  it("is used when the server knows migrations newer than the template's (it applies those on start)", () => {
    writeMarker({ ...marker(), migrations: marker().migrations.slice(0, -1) });
    expect(createFromTemplate(path.join(root, "older-template"), template, MIGRATIONS_FOLDER)).toBe(true);
  });
});
