import { NextResponse, type NextRequest } from 'next/server';
import { htmlContentSecurityPolicy, newNonce, NONCE_HEADER } from '@/lib/http/content-security-policy';

/**
 * Every page (API routes and Next.js's static files are not touched):
 * - a fresh nonce and the page's Content-Security-Policy (lib/http/content-security-policy.ts), on
 *   the answer and on the request, where Next.js's renderer reads the nonce for its own scripts and
 *   server components read it from `x-nonce`;
 * - the requested path for server components (the panel layout sends a signed-out visitor to
 *   sign-in with a callbackUrl back to it).
 */
export function proxy(req: NextRequest): NextResponse {
  const nonce = newNonce();
  const policy = htmlContentSecurityPolicy(nonce, { development: process.env.NODE_ENV === 'development' });
  const headers = new Headers(req.headers);
  headers.set('x-bp-pathname', req.nextUrl.pathname + req.nextUrl.search);
  headers.set(NONCE_HEADER, nonce);
  headers.set('Content-Security-Policy', policy);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set('Content-Security-Policy', policy);
  return res;
}

export const config = { matcher: ['/((?!api/|_next/|favicon.ico).*)'] };
