/** Types of server/edge.mjs (plain JavaScript so that `node server/main.mjs` needs no build step). */
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export type EdgeErrorKind = 'undecodablePath' | 'malformedRequest' | 'headersTooLarge' | 'internal';
export const MAX_HEADER_BYTES: number;
export const PARSER_MAX_HEADER_BYTES: number;
export function headBytes(req: Pick<IncomingMessage, 'method' | 'url' | 'httpVersion' | 'rawHeaders'>): number;
export const EDGE_ERRORS: Record<EdgeErrorKind, { status: number; message: string; error: string }>;
export const CARD_API_PREFIX: string;
export function peerHeaderName(): string;
export function stampPeerAddress(req: { headers: IncomingHttpHeaders; socket?: { remoteAddress?: string } | null }): void;
export function requestIdFrom(headers: IncomingHttpHeaders | undefined): string;
export function undecodableSegment(url: string | undefined): string | null;
export function loggablePath(url: string | undefined): string;
export function edgeBody(kind: EdgeErrorKind, options: { path?: string; requestId: string; details?: string; errors?: Array<{ field: string; message: string }> }): Record<string, unknown>;
export const API_CONTENT_SECURITY_POLICY: string;
export const HSTS_VALUE: string;
export function securityHeaders(options?: { hsts?: boolean }): Record<string, string>;
export function defaultSecurityHeaders(url: string | undefined): Record<string, string>;
export function edgeResponseClass(options?: { hsts?: boolean }): typeof ServerResponse;
export function publicUrlIsHttps(env?: Record<string, string | undefined>): boolean;
export function edgeHeaders(requestId: string, length: number, options?: { hsts?: boolean }): Record<string, string>;
interface EdgeLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
export function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  kind: EdgeErrorKind,
  options: { log: EdgeLog; requestId: string; details?: string; errors?: Array<{ field: string; message: string }>; hsts?: boolean },
): void;
export function onClientError(err: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex, log: EdgeLog, options?: { hsts?: boolean }): void;
export function createEdgeServer(options: { log: EdgeLog; handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void; hsts?: boolean }): Server;
