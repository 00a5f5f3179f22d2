/** Types of lib/db/pglite-prestart.mjs (plain JavaScript so that `node server/main.mjs` needs no build step). */
import type { Worker } from 'node:worker_threads';

export type ThreadEvent = { kind: 'message'; message: { type?: string; message?: string } } | { kind: 'error'; error: Error } | { kind: 'exit'; code: number };

export interface PrestartedThread {
  dataDir: string | null;
  worker: Worker;
  first: Promise<ThreadEvent>;
}

export function firstEvent(worker: Worker): Promise<ThreadEvent>;
export function pgliteCreated(dataDir: string): boolean;
export function pgliteDirectory(setting: string): string | null;
export function prestartPglite(script: string | URL, env?: Record<string, string | undefined>): boolean;
export function takePrestarted(dataDir: string | null): PrestartedThread | undefined;
