/** A LIKE pattern matching `q` anywhere, lower-cased, with `%`, `_` and `\` taken literally. */
export function escapeLike(q: string): string {
  return `%${q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}
