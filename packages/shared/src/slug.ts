/**
 * A slug for addresses and file names: accents dropped, lower case ASCII letters and digits joined by single hyphens,
 * at most `maxLength` characters, never starting or ending with a hyphen; "" when nothing is left.
 */
export function slugify(text: string, maxLength = 60): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/g, "");
}
