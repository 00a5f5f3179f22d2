/**
 * Which statement texts are worth preparing, for both drivers' statement caches
 * (lib/db/pglite-statements.ts, lib/db/pg-statements.ts): a text is due on its second use, so a
 * one-off text (a migration, an ad hoc query) never is. At most `bound` texts seen once are
 * remembered; past that they are all forgotten at once.
 */
export function secondUse(bound: number): (text: string) => boolean {
  const seenOnce = new Set<string>();
  return (text) => {
    if (seenOnce.delete(text)) return true;
    if (seenOnce.size >= bound) seenOnce.clear();
    seenOnce.add(text);
    return false;
  };
}
