/**
 * Where the panel may send a person after signing in (`callbackUrl`, docs/admin-app.md). Only a path
 * of our own origin is accepted; anything else becomes `fallback` ('/'):
 * - the value is resolved against our origin the way a browser resolves a link, and the result must
 *   be of that origin (so `https://evil`, `//evil`, `/\evil`, `javascript:` and every spelling a
 *   browser turns into another host are refused);
 * - no control character (C0, DEL, C1) and no backslash, in the value or in any of its
 *   percent-decodings (browsers drop tabs and newlines from URLs and read `\` as `/`, and a path
 *   decoded once more by some other piece of software must not become another host either), and no
 *   decoding that starts with `//`;
 * - what is returned is the resolved path, query and fragment, never the raw value, and never a
 *   value starting with `//`.
 * Pure: the sign-in page (server) and the sign-in form (browser) both call it.
 */
export const DEFAULT_CALLBACK_PATH = '/';

/** Longer values are refused: a path of the panel is far shorter. */
export const MAX_CALLBACK_LENGTH = 2048;

const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\]/;

function unsafeSpelling(value: string): boolean {
  let probe = value;
  // a few rounds: %255C is %5C is \
  for (let round = 0; round < 4; round++) {
    if (FORBIDDEN.test(probe) || !probe.startsWith('/') || probe.startsWith('//')) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(probe);
    } catch {
      return true; // not valid percent-encoding: nobody should have to guess what it means
    }
    if (decoded === probe) return false;
    probe = decoded;
  }
  return true;
}

/**
 * The same-origin path (`/customers?q=x#top`) that `raw` names, or `fallback`. `origin` is our
 * origin (`window.location.origin` in the browser, NEXTAUTH_URL's on the server), e.g.
 * `https://bank.example.com`; an absolute URL of exactly that origin is accepted as its path.
 */
export function safeCallbackPath(raw: unknown, origin: string, fallback: string = DEFAULT_CALLBACK_PATH): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_CALLBACK_LENGTH) return fallback;
  let base: URL;
  try {
    base = new URL(origin);
  } catch {
    return fallback;
  }
  let resolved: URL;
  try {
    resolved = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (resolved.origin !== base.origin || (resolved.protocol !== 'http:' && resolved.protocol !== 'https:')) return fallback;
  // an absolute URL of our origin stands for its path; the rules below judge the raw path as written
  const rawPath = raw.startsWith('/') ? raw : raw.slice(base.origin.length);
  if (!raw.startsWith('/') && !raw.startsWith(`${base.origin}/`)) return fallback;
  if (unsafeSpelling(rawPath)) return fallback;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || FORBIDDEN.test(path)) return fallback;
  return path;
}
