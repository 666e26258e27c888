import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the server the global setup started, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}
