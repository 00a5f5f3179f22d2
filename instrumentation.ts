/**
 * Next.js start-up hook (Node.js runtime only): validates the environment, opens and migrates the
 * database and seeds the demo tenant before the first request is served. A failure stops the
 * server with one line saying why, instead of a server that answers 500 to everything.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  await stampSocketAddresses();
  const { bootstrap } = await import('./lib/db/bootstrap');
  try {
    await bootstrap();
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    console.error(`Start-up failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}${cause ? ` (${cause})` : ''}`);
    process.exit(1);
  }
}

/**
 * Route handlers cannot see the socket: write each request's remote address into the per-process
 * secret header of lib/http/client-ip.ts before Next.js reads the request (see that file).
 */
async function stampSocketAddresses(): Promise<void> {
  const http = await import('node:http');
  const { stampPeerAddress } = await import('./lib/http/client-ip');
  const proto = http.Server.prototype as unknown as { emit: (...args: unknown[]) => boolean; __bpStamped?: boolean };
  if (proto.__bpStamped) return;
  proto.__bpStamped = true;
  const emit = proto.emit;
  proto.emit = function (this: unknown, event: unknown, ...args: unknown[]) {
    if (event === 'request' && args[0]) stampPeerAddress(args[0] as Parameters<typeof stampPeerAddress>[0]);
    return emit.call(this, event, ...args);
  };
}
