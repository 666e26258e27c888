/**
 * What POST /api/credentials/verify accepts (docs/decisions/0054), read by the server's reader and the verify page.
 */

/** A badge image sent for verification: 512 KiB at most (Hearth's own badge PNGs are under 100 kB). */
export const VERIFY_FILE_MAX_BYTES = 512 * 1024;
/** A credential, sent or baked, as UTF-8 text: 32 KiB at most (Hearth's credentials are about 2.5 kB). */
export const CREDENTIAL_MAX_BYTES = 32 * 1024;
/** Nesting of a credential's JSON (Hearth's nest 5 levels deep). */
export const CREDENTIAL_MAX_DEPTH = 16;
