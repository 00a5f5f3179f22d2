/**
 * Next.js start-up hook (Node.js runtime only): validates the environment, opens and migrates the
 * database and seeds the demo tenant before the first request is served. A failure stops the
 * server with one line saying why, instead of a server that answers 500 to everything.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { bootstrap } = await import('./lib/db/bootstrap');
  try {
    await bootstrap();
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    console.error(`Start-up failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}${cause ? ` (${cause})` : ''}`);
    process.exit(1);
  }
}
