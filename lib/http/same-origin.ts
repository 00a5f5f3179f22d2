import { getEnv } from '@/lib/env';
import { forbidden, type ApiError } from '@/lib/contract/api-errors';

/**
 * Cross-site request forgery: a request authenticated by the panel's session cookie that changes
 * something (POST, PUT, PATCH, DELETE) must come from a page of our own origin. Browsers say where
 * a request comes from in `Sec-Fetch-Site` (trusted when present: scripts cannot set it) and in
 * `Origin` (sent with every cross-origin request and with same-origin non-GET requests). Our origin
 * is NEXTAUTH_URL's (the public URL) or, without it, the Host the request was sent to. A cookie
 * request that carries neither header is refused too: every browser that could be made to send the
 * cookie sends one of them. Bearer-token requests are not checked: a browser never attaches them
 * on its own. See docs/edge.md.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isUnsafeMethod(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Null when the request may go on; else the 403 to answer. */
export function crossSiteRefusal(req: { method: string; headers: Headers; nextUrl?: { host: string } }): ApiError | null {
  if (!isUnsafeMethod(req.method)) return null;
  const site = req.headers.get('sec-fetch-site');
  if (site !== null) {
    return site === 'same-origin' ? null : refusal(`Sec-Fetch-Site is ${site}`);
  }
  const origin = req.headers.get('origin');
  if (origin === null) return refusal('neither Origin nor Sec-Fetch-Site was sent');
  const publicOrigin = originOf(getEnv().NEXTAUTH_URL);
  if (publicOrigin !== null && origin === publicOrigin) return null;
  const host = req.headers.get('host') ?? req.nextUrl?.host;
  const given = originOf(origin);
  if (given !== null && host && new URL(given).host === host) return null;
  return refusal(`Origin ${origin.slice(0, 200)} is not this server's`);
}

function refusal(why: string): ApiError {
  return forbidden(`cross-site request refused: a request signed in with the panel cookie that changes something must come from this site's own pages (${why})`);
}
