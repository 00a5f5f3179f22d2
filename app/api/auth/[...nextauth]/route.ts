import type { NextRequest } from 'next/server';
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';

// GET|POST /api/auth/* - next-auth for the admin panel (sign-in, session, csrf, sign-out)
async function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  return NextAuth(req, ctx, await authOptions()) as Promise<Response>;
}

export { handler as GET, handler as POST };
