import type { z } from 'zod';
import type { CARD_OPERATIONS, SANDBOX_OPERATIONS } from '@/lib/contract/card-operations';
import type { PanelCardToken } from '@/lib/contract/panel';
import { ApiClientError, apiFetch } from './fetcher';

/**
 * The panel's client of the card gateway. The gateway takes only bearer tokens, so the panel mints
 * a short-lived CARD_API token for its session (POST /api/v2.1/panel/card-token), kept in memory
 * only, renewed a minute before it expires or when the gateway answers 401. Every call carries the
 * contract's headers: platform `web`, a per-browser deviceId (localStorage), X-Forwarded-From
 * `admin-panel` and the client address the server saw.
 */
/** The contract's operations and the sandbox-only ones (simulate/*; the gateway answers 404 without the sandbox). */
type Ops = typeof CARD_OPERATIONS & typeof SANDBOX_OPERATIONS;
export type CardOp = keyof Ops;
export type CardBody<O extends CardOp> = z.input<Ops[O]['body']>;
export type CardData<O extends CardOp> = z.output<Ops[O]['response']>;

let cached: (PanelCardToken & { at: number }) | null = null;

async function token(force = false): Promise<PanelCardToken> {
  if (!force && cached && cached.at + (cached.expiresIn - 60) * 1000 > Date.now()) return cached;
  const fresh = await apiFetch<PanelCardToken>('/api/v2.1/panel/card-token', { method: 'POST' });
  cached = { ...fresh, at: Date.now() };
  return fresh;
}

export function deviceId(): string {
  const key = 'bp.deviceId';
  let id = window.localStorage.getItem(key);
  if (!id) {
    id = `web-${crypto.randomUUID()}`;
    window.localStorage.setItem(key, id);
  }
  return id;
}

export async function cardCall<O extends CardOp>(tenantId: string, op: O, body: CardBody<O>): Promise<CardData<O>> {
  const send = async (t: PanelCardToken) =>
    apiFetch<CardData<O>>(`/api/v2.1/card/virtual/${op}`, {
      method: 'POST',
      json: body,
      headers: {
        Authorization: `Bearer ${t.token}`,
        'X-Tenant-ID': tenantId,
        'X-Forwarded-For': t.clientIp,
        'X-Forwarded-From': 'admin-panel',
        platform: 'web',
        deviceId: deviceId(),
      },
    });
  try {
    return await send(await token());
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401) return send(await token(true));
    throw error;
  }
}

/** Masked as the gateway masks: first 6 and last 4 digits. */
export function maskPan(pan: string): string {
  if (!/^\d+$/.test(pan)) return pan; // a cardId is not sensitive
  const digits = pan;
  return digits.length <= 10 ? digits : `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}
