/**
 * CI sets CI=true (.ci/run exports it). There a test that cannot run for want of a tool or a service
 * (openssl, PostgreSQL) fails instead of skipping: a green run must mean that everything ran.
 */
export const IN_CI = /^(true|1)$/i.test(process.env.CI ?? '');

/** Skips the test with `reason` on a developer's machine; fails it in CI. */
export function skipUnlessCi(skip: (note?: string) => void, reason: string): void {
  if (IN_CI) throw new Error(`${reason} (CI=true: this fails instead of skipping)`);
  skip(reason);
}
