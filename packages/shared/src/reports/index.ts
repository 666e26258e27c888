export * from "./anonymity.js";
