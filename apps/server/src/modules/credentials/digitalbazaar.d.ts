// The Digital Bazaar credential packages ship JavaScript without type declarations; these are the parts Hearth uses.
declare module "@digitalbazaar/credentials-context" {
  export const contexts: Map<string, object>;
}
declare module "@digitalbazaar/vc-bitstring-status-list-context" {
  export const contexts: Map<string, object>;
  export const constants: { CONTEXT_URL: string };
}
declare module "@digitalbazaar/ed25519-multikey" {
  export interface Ed25519KeyPair {
    id?: string;
    controller?: string;
    publicKeyMultibase: string;
    secretKeyMultibase?: string;
    signer(): { algorithm: string; id: string; sign(input: { data: Uint8Array }): Promise<Uint8Array> };
    export(options: { publicKey?: boolean; secretKey?: boolean; includeContext?: boolean }): Promise<Record<string, unknown>>;
  }
  export function generate(options?: { id?: string; controller?: string; seed?: Uint8Array }): Promise<Ed25519KeyPair>;
  export function from(key: Record<string, unknown>): Promise<Ed25519KeyPair>;
}
declare module "@digitalbazaar/data-integrity" {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: string | Date });
  }
}
declare module "@digitalbazaar/eddsa-rdfc-2022-cryptosuite" {
  export const cryptosuite: unknown;
}
declare module "@digitalbazaar/vc" {
  export type DocumentLoader = (url: string) => Promise<{ contextUrl: null; documentUrl: string; document: unknown }>;
  export function issue(options: {
    credential: Record<string, unknown>;
    suite: unknown;
    documentLoader: DocumentLoader;
    now?: string | Date;
  }): Promise<Record<string, unknown>>;
  export function verifyCredential(options: {
    credential: Record<string, unknown>;
    suite: unknown;
    documentLoader: DocumentLoader;
    now?: string | Date;
    checkStatus?: (options: unknown) => Promise<{ verified: boolean }>;
  }): Promise<{ verified: boolean; error?: unknown; results?: Array<{ verified: boolean; error?: unknown }> }>;
}
declare module "@digitalbazaar/security-context" {
  export const contexts: Map<string, object>;
}
