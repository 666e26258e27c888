export * from "./attributes.js";
export * from "./demographic-spellings.js";
export * from "./demographic-values.js";
export * from "./import-fields.js";
export * from "./normalize.js";
export * from "./validate-rows.js";
export * from "./contracts.js";
export * from "./attribute-cohorts.js";
