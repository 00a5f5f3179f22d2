/**
 * Next.js start-up hook. Everything happens in lib/startup.ts, loaded only in the Node.js runtime:
 * Next.js replaces `process.env.NEXT_RUNTIME` at compile time, so the Edge build of this file is
 * empty and `npm run dev` compiles nothing Node-only for the Edge runtime.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startServer } = await import('./lib/startup');
    // returns once the environment is checked; the rest runs behind the start-up gate (lib/http/startup-gate.ts)
    startServer();
  }
}
