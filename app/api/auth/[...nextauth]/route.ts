import type { NextRequest } from 'next/server';
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';
import { startupPending } from '@/lib/http/startup-gate';

// GET|POST /api/auth/* - next-auth for the admin panel (sign-in, session, csrf, sign-out)
async function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  // as every API route (lib/http/api-route.ts): while the server starts, wait for the start-up
  const startup = startupPending();
  if (startup) await startup;
  return NextAuth(req, ctx, await authOptions()) as Promise<Response>;
}

export { handler as GET, handler as POST };
