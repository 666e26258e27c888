export * from "./constants.js";
export * from "./email-html.js";
export * from "./recipients.js";
export * from "./schedule.js";
export * from "./templates.js";
export * from "./sending-allowance.js";
