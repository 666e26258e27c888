export * from "./document.js";
export * from "./saas-agreement.js";
export * from "./terms-of-use.js";
export * from "./privacy-policy.js";
export * from "./order-form.js";
export * from "./documents.js";
export * from "./order-form-contract.js";
