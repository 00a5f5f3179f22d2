/** Types of server/api-fallback.mjs (plain JavaScript so that `node server/main.mjs` needs no build step). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const API_NOT_FOUND_HANDLER: unique symbol;
export const CATCH_ALL_PAGE: string;
export interface ApiRouteTable {
  serves(pathname: string): boolean;
}
export function loadApiRouteTable(distDir: string): { table: ApiRouteTable | null; reason: string | null };
export function routeTableOf(routes: unknown, pages: unknown, functions: unknown): { table: ApiRouteTable | null; reason: string | null };
export function unservedApiSlug(method: string | undefined, url: string, table: ApiRouteTable | null): string[] | null;
export function answerUnserved(options: {
  handler: (req: never, ctx: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
  NextRequest: new (input: URL, init: { method?: string; headers: Array<[string, string]> }) => unknown;
  req: IncomingMessage;
  res: ServerResponse;
  slug: string[];
  origin: string;
}): Promise<void>;
