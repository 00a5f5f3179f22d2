import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { Webhook } from 'standardwebhooks';
import * as receiveRoute from '@/app/api/v2.1/external-events/[partnerId]/route';
import * as partnersRoute from '@/app/api/v2.1/external-events/partners/route';
import { call, contextHeaders, type CallResult } from './helpers';
import { bearer } from './identity-fixtures';

/**
 * Fixtures of the external events tests: register a partner through the API, send it a signed event
 * (signed by the standardwebhooks package, as a partner would), and our inbound route served over
 * real HTTP on 127.0.0.1 (the route handler behind a node:http server) for a processor to call back.
 */
export interface TestPartner {
  id: string;
  secret: string;
}

export async function registerPartner(token: string, tenantId: string, body: Record<string, unknown> = { name: 'Card processor', kind: 'CARD_PROCESSOR' }): Promise<TestPartner> {
  const res = await call<{ partner: { id: string }; secret: string }>(partnersRoute.POST, { headers: { ...contextHeaders(tenantId), ...bearer(token, tenantId) }, body });
  if (res.status !== 200) throw new Error(`registering a partner answered ${res.status}: ${res.text}`);
  return { id: res.json.data.partner.id, secret: res.json.data.secret };
}

let seq = 0;
export const msgId = () => `msg_${Date.now().toString(36)}_${++seq}`;

export interface SendOptions {
  id?: string;
  /** Unix seconds; default now */
  timestamp?: number;
  /** the signing secret; default the partner's */
  secret?: string;
  /** the body as sent; default JSON of { type, timestamp, data } */
  raw?: string;
  headers?: Record<string, string | undefined>;
}

export function signedHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': new Webhook(secret).sign(id, new Date(timestamp * 1000), body) };
}

export async function sendEvent(partner: TestPartner, type: string, data: unknown, options: SendOptions = {}): Promise<CallResult & { id: string; body: string }> {
  const id = options.id ?? msgId();
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const body = options.raw ?? JSON.stringify({ type, timestamp: new Date(timestamp * 1000).toISOString(), data });
  const headers: Record<string, string> = { 'content-type': 'application/json', ...signedHeaders(options.secret ?? partner.secret, id, timestamp, body) };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  const res = await call(receiveRoute.POST, { path: `/api/v2.1/external-events/${partner.id}`, headers, body, params: { partnerId: partner.id } });
  return { ...res, id, body };
}

/** Our inbound route on 127.0.0.1 over real HTTP. */
export async function serveInbound(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const match = /^\/api\/v2\.1\/external-events\/([^/]+)$/.exec(url.pathname);
    if (!match || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const answer = await receiveRoute.POST(new NextRequest(url, { method: 'POST', headers, body: Buffer.concat(chunks) }), { params: Promise.resolve({ partnerId: match[1]! }) });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
