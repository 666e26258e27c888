export * from "./focus.js";
export * from "./plan-days.js";
export * from "./rules.js";
export * from "./checkins.js";
export * from "./progress.js";
export * from "./progress-text.js";
