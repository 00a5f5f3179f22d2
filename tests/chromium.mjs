import { accessSync, constants } from 'node:fs';

/**
 * The Chromium the browser tests drive (and bench/web-vitals.ts). CHROMIUM_PATH wins; otherwise
 * Debian's `chromium-headless-shell` when installed: the same Chromium build without the full
 * browser's UI process work, GPU process and background services, the build Playwright itself uses
 * for headless runs. It costs about a third less CPU per browser test than `/usr/bin/chromium`
 * (measured on the 2-core CI machine, where the browser tests are CPU-bound); `/usr/bin/chromium`
 * is the fallback. `.ci/run` and `npm test` install the headless shell with apt when it is missing.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_PACKAGE = 'chromium-headless-shell';

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** CHROMIUM_PATH, else the headless shell if installed, else /usr/bin/chromium if installed, else the headless shell (to be installed). */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (executable(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return executable(FULL_CHROMIUM) ? FULL_CHROMIUM : HEADLESS_SHELL;
}
