/**
 * A new embedded database starts from a copy of a template rather than from PostgreSQL's initdb. initdb in
 * WebAssembly takes 1.5–2.5 s of a first start; copying the template (a cleanly shut-down data directory with
 * every migration applied, about 40 MB) takes a few tens of milliseconds. `npm run build:server`
 * (scripts/build-server.mjs) writes the template next to the compiled server (`dist/pglite-template`, with
 * `dist/pglite-template.json` naming the PGlite version and migrations it was made with); the TypeScript sources
 * (`npm run dev`, tests) have none and run initdb as before. docs/decisions/0025.
 */
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export interface TemplateMarker {
  /** The @electric-sql/pglite version that made the template: another version may not read its files. */
  pglite: string;
  /** The migration tags applied to it, in order. */
  migrations: string[];
}

/** The installed PGlite's version (its package.json, found through its entry point). */
export function installedPgliteVersion(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
    let dir = path.dirname(entry);
    for (let depth = 0; depth < 4; depth += 1) {
      const file = path.join(dir, "package.json");
      if (existsSync(file)) {
        const json = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
        if (json.name === "@electric-sql/pglite") return json.version ?? null;
      }
      dir = path.dirname(dir);
    }
  } catch {
    // not resolvable: no template is used
  }
  return null;
}

/** The migration tags of a drizzle migrations folder (meta/_journal.json), in order. */
export function migrationTags(migrationsFolder: string): string[] {
  const journal = path.join(migrationsFolder, "meta", "_journal.json");
  if (!existsSync(journal)) return [];
  const parsed = JSON.parse(readFileSync(journal, "utf8")) as { entries?: { tag: string }[] };
  return (parsed.entries ?? []).map((entry) => entry.tag);
}

/**
 * Fills an absent or empty data directory with a copy of the template when there is one that this PGlite and
 * these migrations can use. Answers whether it did. The copy is made beside the directory and renamed into place,
 * so an interrupted copy never leaves a half database behind. A directory that holds anything is left alone.
 */
export function createFromTemplate(dataDir: string, templateDir: string, migrationsFolder: string): boolean {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  const markerFile = `${templateDir}.json`;
  if (!existsSync(path.join(templateDir, "PG_VERSION")) || !existsSync(markerFile)) return false;
  let marker: TemplateMarker;
  try {
    marker = JSON.parse(readFileSync(markerFile, "utf8")) as TemplateMarker;
  } catch {
    return false;
  }
  const version = installedPgliteVersion();
  if (!version || marker.pglite !== version) return false;
  // Every migration of the template is one the server knows (it applies newer ones itself on start).
  const known = migrationTags(migrationsFolder);
  if (!Array.isArray(marker.migrations) || marker.migrations.some((tag, index) => known[index] !== tag)) return false;
  const staging = `${dataDir}.from-template-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    cpSync(templateDir, staging, { recursive: true });
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(staging, dataDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return true;
}
