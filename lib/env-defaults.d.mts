/** Types of lib/env-defaults.mjs. */
export const DEFAULT_PGLITE_DATA_DIR: string;
export const DEFAULT_PGLITE_SETTINGS: string;
export function pgliteStartParams(defaults: readonly string[], settings?: string): string[];
export const DEFAULT_IDLE_COLLECT_MS: number;
