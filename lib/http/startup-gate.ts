/**
 * The start-up gate (docs/performance.md, "Start-up"): the server's start-up (lib/startup.ts) no
 * longer holds Next.js's own preparation until the database is open. Next.js finishes preparing and
 * loads the first request's route while the embedded database is still starting in its thread, and
 * the request pipeline (createRoute) and the panel's next-auth route wait here until the start-up
 * has finished: the database open and migrated, the demo seed, the rate-limit store. A start-up
 * that fails stops the process, as before, so no request is ever answered by a half-started server.
 *
 * Kept on globalThis: the start-up hook and the route modules are separate bundles, and each may
 * hold its own copy of this module.
 */
const GATE = Symbol.for('business-platform.startup-gate');

type Holder = { [GATE]?: Promise<void> };

/** Holds every API request until `startup` settles (resolved: they go on; a rejection is the start-up's to report). */
export function holdRequestsUntil(startup: Promise<void>): void {
  const holder = globalThis as Holder;
  const gate = startup.then(
    () => {
      if (holder[GATE] === gate) delete holder[GATE];
    },
    // the start-up reports its failure and stops the process; a request never sees it
    () => new Promise<void>(() => undefined),
  );
  holder[GATE] = gate;
}

/** The start-up still running, or undefined once it has finished (or when nothing started one: tests, scripts). */
export function startupPending(): Promise<void> | undefined {
  return (globalThis as Holder)[GATE];
}
