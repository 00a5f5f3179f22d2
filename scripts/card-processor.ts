/**
 * `npm run card-processor`: the sandbox card processor as a standalone HTTP server speaking the
 * processor wire protocol (lib/card-processor/http-client.ts). Point a gateway at it with
 * CARD_PROCESSOR_URL=http://127.0.0.1:4010 (and the same CARD_PROCESSOR_API_KEY, when set). It uses
 * the database of DATABASE_URL (or PGLITE_DATA_DIR), so both must reach the same data.
 *   CARD_PROCESSOR_PORT (4010), CARD_PROCESSOR_HOST (127.0.0.1)
 * With CARD_PROCESSOR_EVENTS_URL (a partner's inbound URL, .../api/v2.1/external-events/<partnerId>)
 * and CARD_PROCESSOR_EVENTS_SECRET (its whsec_ secret), it plays an external processor and reports
 * its card activity there as signed events instead of recording it itself (docs/external-events.md).
 */
import { createSandboxProcessor } from '@/lib/card-processor/sandbox';
import { serveCardProcessor } from '@/lib/card-processor/server';
import { getDb } from '@/lib/db/client';
import { getEnv } from '@/lib/env';

async function main(): Promise<void> {
  await getDb();
  const eventsUrl = process.env.CARD_PROCESSOR_EVENTS_URL;
  const eventsSecret = process.env.CARD_PROCESSOR_EVENTS_SECRET;
  const events = eventsUrl && eventsSecret ? { destinationFor: () => ({ url: eventsUrl, secret: eventsSecret }) } : undefined;
  const served = await serveCardProcessor(createSandboxProcessor({ events }), {
    host: process.env.CARD_PROCESSOR_HOST ?? '127.0.0.1',
    port: Number(process.env.CARD_PROCESSOR_PORT ?? 4010),
    apiKey: getEnv().CARD_PROCESSOR_API_KEY,
  });
  console.log(`sandbox card processor listening on ${served.url}${events ? `, reporting card events to ${eventsUrl}` : ''}`);
  const stop = () => void served.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
