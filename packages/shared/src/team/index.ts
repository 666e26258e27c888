export * from "./team-contracts.js";
export * from "./team-rules.js";
