// dependency-cruiser reads imports with TypeScript's compiler API, which it looks up as "typescript" (versions 2 to 6).
// The project compiles with TypeScript 7, the native compiler, whose npm package has no such API. The 6.x compiler is
// installed beside it under the name "typescript-api" (package.json), and this hook, loaded with `node --import` by
// `npm run lint:deps` only, points dependency-cruiser's "typescript" there: its ESM import through a resolve hook, its
// version check (a CommonJS require of typescript/package.json) through the CommonJS resolver. Nothing else loads it.
import Module, { register } from "node:module";

const RENAMED = /^typescript(?=$|\/)/;

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (/^typescript(?=$|\\/)/.test(specifier) && context.parentURL?.includes("/node_modules/dependency-cruiser/")) {
        return next(specifier.replace(/^typescript/, "typescript-api"), context);
      }
      return next(specifier, context);
    }`)}`,
);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveTypescriptApi(request, parent, ...rest) {
  const fromCruiser = parent?.filename?.includes("/node_modules/dependency-cruiser/");
  return resolveFilename.call(
    this,
    fromCruiser && RENAMED.test(request) ? request.replace(RENAMED, "typescript-api") : request,
    parent,
    ...rest,
  );
};
