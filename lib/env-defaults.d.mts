/** Types of lib/env-defaults.mjs. */
export const DEFAULT_PGLITE_DATA_DIR: string;
