/**
 * Formula injection guard for every CSV Hearth writes: a cell a spreadsheet would run as a formula (leading = + - @,
 * tab or carriage return) is prefixed with an apostrophe.
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
