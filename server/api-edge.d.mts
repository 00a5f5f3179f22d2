/** Types of server/api-edge.mjs (plain JavaScript so that `node server/main.mjs` needs no build step). */
import type { IncomingMessage, ServerResponse } from 'node:http';

type Params = Record<string, string | string[]>;
type Handler = (req: never, ctx: { params: Promise<Params> }) => Promise<Response>;

export const API_NOT_FOUND_HANDLER: unique symbol;
export const API_ROUTE_HANDLERS: unique symbol;
export const ANSWER_TEXT: unique symbol;
export const CATCH_ALL_PAGE: string;
export interface ApiRouteTable {
  /** the route Next.js would pick for a plain API path, with its params; null for a path the proxy takes */
  resolve(pathname: string): { page: string; params: Params } | null;
  /** whether a route other than the catch-all takes the path (or the proxy does) */
  serves(pathname: string): boolean;
}
export function loadApiRouteTable(distDir: string): { table: ApiRouteTable | null; reason: string | null };
export function routeTableOf(routes: unknown, pages: unknown, functions: unknown): { table: ApiRouteTable | null; reason: string | null };
export function paramsOf(page: string, pathname: string): Params;
export function routeKey(page: string): string;
export function registerRoute(key: string, handlers: Partial<Record<string, Handler>>): void;
export function edgeRoute(method: string | undefined, url: string, table: ApiRouteTable | null): { handler: Handler; params: Params } | null;
export function answerAtEdge(options: {
  handler: Handler;
  params: Params;
  NextRequest: new (input: URL, init: { method?: string; headers: Array<[string, string]>; body?: unknown; duplex?: 'half' }) => unknown;
  req: IncomingMessage;
  res: ServerResponse;
  origin: string;
}): Promise<void>;
