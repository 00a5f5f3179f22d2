/**
 * CSV as the exports write it (RFC 4180): one cell, and a whole document. A cell starting with
 * = + - @ (or a tab or carriage return) is prefixed with ' so spreadsheets do not run it as a formula.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * A header line and the rows, CRLF-separated and terminated. `bom`: start with the UTF-8 byte order
 * mark, so that a spreadsheet reads accents, arrows and non-Latin names as UTF-8.
 */
export function csvDocument(header: readonly string[], rows: readonly (readonly unknown[])[], options: { bom?: boolean } = {}): string {
  const lines = [header.map(csvCell).join(','), ...rows.map((r) => r.map(csvCell).join(','))];
  return `${options.bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}
