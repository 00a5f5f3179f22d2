import { clock } from '@/lib/clock';
import { tooManyRequests } from './errors';

/**
 * A fixed-window counter in process memory, keyed by whatever the caller chooses (tenant + client
 * IP for sign-ins). Several instances do not share it; the rate-limit issue moves it to Redis.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: () => number,
    private readonly windowSeconds: () => number,
  ) {}

  /** Counts one hit; throws 429 with Retry-After when the window is full. */
  hit(key: string): void {
    const now = clock.now().getTime();
    const windowMs = this.windowSeconds() * 1000;
    let entry = this.windows.get(key);
    if (!entry || now - entry.start >= windowMs) {
      entry = { start: now, count: 0 };
      this.windows.set(key, entry);
      if (this.windows.size > 50_000) this.sweep(now, windowMs);
    }
    entry.count += 1;
    if (entry.count > this.max()) throw tooManyRequests((entry.start + windowMs - now) / 1000);
  }

  reset(): void {
    this.windows.clear();
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, entry] of this.windows) if (now - entry.start >= windowMs) this.windows.delete(key);
  }
}
