/**
 * The shape of the code, checked by `npm run lint:deps` (dependency-cruiser) in `npm run lint` and in CI.
 * docs/architecture.md explains the layers in words. Every rule says why it exists. Where a rule has exceptions,
 * each one is listed with its reason: the lists may only shrink.
 */

const SERVER = "^apps/server/src/";
const MODULES = `${SERVER}modules/`;

const { FLOORS, BACK_UP_ARROWS } = require("./scripts/lint-deps/server-floors.cjs");

const floorOf = new Map(FLOORS.flatMap((slices, floor) => slices.map((slice) => [slice, floor])));
const slicePath = (slices) => `${MODULES}(${slices.join("|")})/`;

const TESTS = "\\.test\\.ts$|\\.test-helpers\\.ts$|\\.fault\\.ts$";

const sliceRules = FLOORS.slice(0, -1).flatMap((slices, floor) =>
  slices.map((slice) => ({
    name: `server-slice-up-${slice}`,
    comment:
      `The ${slice} slice (floor ${floor}) imports slices on its floor or below, never above: a lower slice that ` +
      "reaches up ties the layers into one knot, and circles follow. Listed exceptions: BACK_UP_ARROWS.",
    severity: "error",
    from: { path: `${MODULES}${slice}/`, pathNot: TESTS },
    to: {
      path: slicePath(FLOORS.slice(floor + 1).flat()),
      pathNot: BACK_UP_ARROWS.filter(([from]) => from === slice).map(([, to]) => `${MODULES}${to}/`),
    },
  })),
);

// A new slice must be placed on a floor, and every listed exception must still point upwards between known slices.
const slices = require("node:fs")
  .readdirSync(require("node:path").join(__dirname, "apps/server/src/modules"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const slice of slices) if (!floorOf.has(slice)) throw new Error(`.dependency-cruiser.cjs: put the new slice '${slice}' on a floor`);
for (const [from, to] of BACK_UP_ARROWS) {
  if (!floorOf.has(from) || !floorOf.has(to) || floorOf.get(to) <= floorOf.get(from)) {
    throw new Error(`.dependency-cruiser.cjs: BACK_UP_ARROWS ${from} -> ${to} is not a back-up arrow between known slices`);
  }
}

const WEB = "^apps/web/src/";
const FEATURES = `${WEB}features/`;

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "No file reaches itself through its imports, type-only imports included: a circle makes load order matter and " +
        "the pieces impossible to understand or move alone. A type two files need lives below both.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-routes-no-sql",
      comment:
        "Routes are thin: zod in and out, a permission, one service call. They never reach a repository, the database " +
        "or SQL, so every rule lives in a service and every query in a repository.",
      severity: "error",
      from: { path: `${SERVER}.*\\.routes\\.ts$` },
      to: { path: ["\\.repo\\.ts$", `${SERVER}db/`, "(^|/)node_modules/(drizzle-orm|pg|@electric-sql/pglite)/"] },
    },
    {
      name: "server-repo-no-service",
      comment: "Repositories are only SQL: they never call a service or a route, so a query cannot grow rules or side effects.",
      severity: "error",
      from: { path: `${SERVER}.*\\.repo\\.ts$` },
      to: { path: "\\.(service|routes)\\.ts$" },
    },
    {
      name: "server-routes-only-from-app",
      comment: "app.ts is the one place that registers routes, so the route table is read in one file.",
      severity: "error",
      from: { pathNot: `${SERVER}app\\.ts$` },
      to: { path: `${SERVER}.*\\.routes\\.ts$` },
    },
    {
      name: "server-platform-no-modules",
      comment:
        "The platform (lib/, db/, jobs/, auth/, env.ts) serves every slice and knows none of them: otherwise a change in " +
        "one feature can break the ground all the others stand on. Known exception, one step away: platform files take " +
        "the AppContext type (app-context.ts, the composition root's), which names the email and Stripe services' types.",
      severity: "error",
      from: { path: `${SERVER}(lib|db|jobs|auth)/|${SERVER}env\\.ts$`, pathNot: TESTS },
      to: { path: MODULES },
    },
    ...sliceRules,
    {
      name: "web-public-survey-no-features",
      comment: "The public survey page is its own small bundle for respondents on any phone: it never loads the app's features.",
      severity: "error",
      from: { path: `${WEB}public-survey/` },
      to: { path: FEATURES },
    },
    {
      name: "web-feature-through-index",
      comment:
        "A feature uses another feature only through that feature's index.ts, its public face; a piece many features " +
        "share moves to apps/web/src/ui/ or lib/. A lazily loaded page is the one exception (next rule).",
      severity: "error",
      from: { path: `${FEATURES}([^/]+)/` },
      to: {
        path: `${FEATURES}[^/]+/`,
        pathNot: [`${FEATURES}$1/`, `${FEATURES}[^/]+/index\\.ts$`],
        dependencyTypesNot: ["dynamic-import"],
      },
    },
    {
      name: "web-lazy-pages-only",
      comment:
        "A feature may load another feature's page lazily (import() of a *-page.tsx), so the page stays in a chunk of " +
        "its own instead of joining the importer's bundle through the index.",
      severity: "error",
      from: { path: `${FEATURES}([^/]+)/` },
      to: {
        path: `${FEATURES}[^/]+/`,
        pathNot: [`${FEATURES}$1/`, `${FEATURES}[^/]+/index\\.ts$`, `${FEATURES}[^/]+/[^/]+-page\\.tsx$`],
        dependencyTypes: ["dynamic-import"],
      },
    },
    {
      name: "web-shared-floor-no-features",
      comment: "lib/ and ui/ hold what features share; they never import a feature, or the floor would stand on a room.",
      severity: "error",
      from: { path: `${WEB}(lib|ui)/` },
      to: { path: FEATURES },
    },
    {
      name: "packages-no-apps",
      comment: "The packages are below the apps: the server and the web import them, never the other way round.",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
    {
      name: "shared-no-analysis-at-run-time",
      comment:
        "packages/shared is loaded by the respondent's page and every server request; the analyzer (its model and " +
        "lexicons) must never ride along. A type may be shared.",
      severity: "error",
      from: { path: "^packages/shared/" },
      to: { path: "^packages/analysis/", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|results)/|\\.d\\.ts$" },
    // the workspaces' packages resolve through their package.json "exports", as Node and Vite resolve them
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
    // type-only imports count: a circle through a type is still a circle
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    combinedDependencies: false,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
