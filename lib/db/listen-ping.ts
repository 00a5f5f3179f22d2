import { randomUUID } from 'node:crypto';

/**
 * Liveness of a LISTEN (docs/identity.md, "Failing safe"): a listener sends a notification on its
 * own channel through its own connection and must hear it back. A connection that died silently (a
 * half-open TCP connection after a network partition: no reset, so neither `end` nor `error` fires),
 * or a LISTEN behind a pooler in transaction mode (notifications go to whichever server connection
 * ran the LISTEN, not to us), hears nothing; the listener then reports that it is not listening and
 * starts again. Payloads starting with LISTEN_PING_PREFIX are pings: every listener of the channel
 * hears every process's pings and hands none of them on.
 */
export const LISTEN_PING_PREFIX = 'ping:';

export interface ListenOptions {
  /** how often the listener pings itself (default 30 s) */
  pingIntervalMs?: number;
  /** how long it waits for its ping to come back (default 5 s) */
  pingTimeoutMs?: number;
}

export const LISTEN_PING_INTERVAL_MS = 30_000;
export const LISTEN_PING_TIMEOUT_MS = 5_000;

export class ListenerPing {
  readonly #waiting = new Map<string, () => void>();

  constructor(
    private readonly send: (payload: string) => Promise<unknown>,
    private readonly timeoutMs: number = LISTEN_PING_TIMEOUT_MS,
  ) {}

  /** A notification arrived: true when it is a ping (ours is then answered), which is not handed on. */
  heard(payload: string): boolean {
    if (!payload.startsWith(LISTEN_PING_PREFIX)) return false;
    this.#waiting.get(payload)?.();
    return true;
  }

  /** Sends a ping and resolves whether it came back within the timeout (a failed send: false). */
  async ping(): Promise<boolean> {
    const payload = `${LISTEN_PING_PREFIX}${randomUUID()}`;
    let settle!: (back: boolean) => void;
    const outcome = new Promise<boolean>((resolve) => (settle = resolve));
    this.#waiting.set(payload, () => settle(true));
    const timer = setTimeout(() => settle(false), this.timeoutMs);
    timer.unref?.();
    this.send(payload).catch(() => settle(false));
    try {
      return await outcome;
    } finally {
      clearTimeout(timer);
      this.#waiting.delete(payload);
    }
  }
}
