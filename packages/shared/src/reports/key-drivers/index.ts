export * from "./correlation.js";
export * from "./driver-moments.js";
export * from "./key-drivers.js";
export * from "./lowi-driver-layout.js";
export * from "./relative-weights.js";
