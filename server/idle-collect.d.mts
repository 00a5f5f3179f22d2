/** Types of server/idle-collect.mjs (plain JavaScript so that `node server/main.mjs` needs no build step). */
export const IDLE_COLLECT_GROWTH_BYTES: number;
export function fullCollection(): () => void;
export function idleCollectMs(value: string | undefined, fallback: number): number;
export interface IdleActivity {
  /** incremented by the caller for each request it receives */
  requests: number;
  /** full collections run so far */
  collections: number;
  stop: () => void;
}
export function collectWhenIdle(options: { idleMs: number; log: { debug: (fields: Record<string, unknown>, message: string) => void }; growthBytes?: number }): IdleActivity;
