import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { clock } from '@/lib/clock';
import { logger } from '@/lib/log';
import { webhookHeaders } from '@/lib/services/webhooks/signer';
import type { ReportedActivity } from './report';

/**
 * The sandbox served as an external processor sends its card activity to the platform over HTTP,
 * as a real processor would: one Standard Webhooks message per activity (webhook-id `msg_<uuid>`,
 * body `{ type, timestamp, data }`), signed with the partner's `whsec_` secret. Where to send is per
 * tenant (`destinationFor`); a tenant without a destination gets nothing sent. Sent before the
 * operation answers, one attempt each (a real processor would retry; the sandbox reports a failure
 * in its log and carries on).
 */
export interface EventsDestination {
  /** the platform's inbound URL, e.g. http://127.0.0.1:3000/api/v2.1/external-events/<partnerId> */
  url: string;
  secret: string;
}
export interface SandboxEventsOptions {
  destinationFor(tenantId: string): EventsDestination | null;
  timeoutMs?: number;
}

export interface SentActivity {
  msgId: string;
  status: number | null;
}

export async function sendActivity(options: SandboxEventsOptions, reported: ReportedActivity[]): Promise<SentActivity[]> {
  const sent: SentActivity[] = [];
  for (const { tenantId, activity } of reported) {
    const destination = options.destinationFor(tenantId);
    if (!destination) continue;
    const msgId = `msg_${randomUUID()}`;
    const now = clock.now();
    const body = JSON.stringify({ type: activity.type, timestamp: now.toISOString(), data: activity.data });
    const headers = webhookHeaders({ msgId, timestamp: Math.floor(now.getTime() / 1000), body, secrets: [destination.secret] });
    try {
      const response = await request(destination.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
      await response.body.dump();
      if (response.statusCode >= 300) logger().warn({ msgId, type: activity.type, status: response.statusCode }, 'sandbox processor: the platform refused an event');
      sent.push({ msgId, status: response.statusCode });
    } catch (error) {
      logger().warn({ msgId, type: activity.type, err: error }, 'sandbox processor: sending an event failed');
      sent.push({ msgId, status: null });
    }
  }
  return sent;
}
