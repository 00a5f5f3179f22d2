import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { expect, type APIResponse } from '@playwright/test';
import { freePort } from './fault-services';
import { E2E_PORT, E2E_PRODUCTION_SECRETS, REPO_ROOT } from './fixtures';

/** The parsed body of a response, or its text when it is not JSON. */
export async function bodyOf(res: APIResponse): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Asserts an Envelope A exactly: HTTP status, code, message and the whole data object. */
export async function expectEnvelope(res: APIResponse, status: number, message: string, data: unknown): Promise<void> {
  expect({ status: res.status(), body: await bodyOf(res) }).toEqual({ status, body: { code: status, message, data } });
}

/** Lines that look like a JavaScript stack frame (`    at fn (file:1:2)`). */
export const STACK_LINE = /(^|\n|\\n)\s*at [^\n]*(\(|:\d+:\d+)/;

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * A request through node:http, for what the `request` fixture cannot express: a chunked body
 * without Content-Length. Write errors after the server has answered (it may stop reading an
 * oversized body) are ignored; the response is what counts.
 */
export function rawRequest(options: { method: string; path: string; headers?: Record<string, string>; chunks?: Buffer[]; port?: number }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      // a fresh connection each time: a socket the server stopped reading (413) must not be reused
      { host: '127.0.0.1', port: options.port ?? E2E_PORT, method: options.method, path: options.path, headers: options.headers, agent: false },
      (res) => {
        answered = true;
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(parts).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const writeAll = async () => {
      for (const chunk of options.chunks ?? []) {
        if (answered || req.destroyed) break;
        if (!req.write(chunk)) await new Promise<void>((r) => req.once('drain', () => r()).once('close', () => r()));
      }
      if (!req.destroyed) req.end();
    };
    void writeAll();
  });
}

export { freePort } from './fault-services';

export interface SpawnedServer {
  child: ChildProcess;
  port: number;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/**
 * Starts the production server as `npm start` does (server/main.mjs) on a free port with the given
 * environment, on top of a minimal base (PATH, HOME, and what production requires: the public URL
 * and the secrets), so the outer test server's settings do not leak in.
 */
export async function spawnNextStart(env: Record<string, string> | ((port: number) => Record<string, string>)): Promise<SpawnedServer> {
  const port = await freePort();
  if (typeof env === 'function') env = env(port);
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'server', 'main.mjs')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      ...E2E_PRODUCTION_SECRETS,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    port,
    stdout: () => out,
    stderr: () => err,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves when `url` answers at all (any status), or rejects after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number, server?: SpawnedServer): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server && server.child.exitCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode} before answering:\n${server.stderr()}`);
    }
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
