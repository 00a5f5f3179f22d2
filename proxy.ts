import { NextResponse, type NextRequest } from 'next/server';

/**
 * Hands the requested path to server components (the panel layout sends a signed-out visitor to
 * sign-in with a callbackUrl back to it). API routes are not touched.
 */
export function proxy(req: NextRequest): NextResponse {
  const headers = new Headers(req.headers);
  headers.set('x-bp-pathname', req.nextUrl.pathname + req.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ['/((?!api/|_next/|favicon.ico).*)'] };
