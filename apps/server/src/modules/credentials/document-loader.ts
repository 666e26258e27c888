import type { DocumentLoader } from "@digitalbazaar/vc";
import { BUNDLED_CONTEXTS } from "./contexts.js";

/**
 * The only document loader the credentials use (docs/decisions/0037): the bundled JSON-LD contexts, plus the
 * documents this instance publishes itself (its issuer, its key, its status list), read in process. Any other URL
 * throws: nothing is ever fetched over the network.
 */
export class UnknownDocumentError extends Error {
  constructor(readonly url: string) {
    super(`Document ${url} is not available offline; Hearth's loader never fetches over the network`);
    this.name = "UnknownDocumentError";
  }
}

export type LocalDocuments = (url: string) => Promise<unknown | undefined> | unknown | undefined;

export function createDocumentLoader(local: LocalDocuments = () => undefined): DocumentLoader {
  return async (url: string) => {
    const context = BUNDLED_CONTEXTS.get(url);
    if (context) return { contextUrl: null, documentUrl: url, document: structuredClone(context) };
    const document = await local(url);
    if (document !== undefined) return { contextUrl: null, documentUrl: url, document };
    throw new UnknownDocumentError(url);
  };
}
