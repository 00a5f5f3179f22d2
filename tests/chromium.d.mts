/** Types of tests/chromium.mjs (plain JavaScript: scripts/test.mjs imports it without a build). */
export declare const HEADLESS_SHELL: string;
export declare const FULL_CHROMIUM: string;
export declare const CHROMIUM_PACKAGE: string;
export declare function chromiumPath(): string;
