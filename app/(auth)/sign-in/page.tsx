import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/sign-in-form';
import { safeCallbackPath } from '@/lib/contract/redirect';
import { getPanelUser } from '@/lib/auth/panel';
import { getDb } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { startupPending } from '@/lib/http/startup-gate';
import { findDemoTenant } from '@/lib/services/tenants/tenants';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  // only a path of our own origin (lib/contract/redirect.ts); the form checks it again against the page's origin
  const callbackUrl = safeCallbackPath(params.callbackUrl, getEnv().NEXTAUTH_URL ?? 'http://localhost');
  if (await getPanelUser()) redirect('/');
  // the demo tenant is seeded by the start-up (lib/startup.ts), after the database opens: a page
  // served in a starting server's first second waits for it, as API requests do
  await startupPending();
  const demo = await findDemoTenant(await getDb()).catch(() => undefined);
  return (
    <main className="grid min-h-screen place-items-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center gap-2">
          <span aria-hidden className="grid h-9 w-9 place-items-center rounded-lg bg-brand-600 text-sm font-bold text-white">
            BP
          </span>
          <span className="text-lg font-semibold text-ink">Business Platform</span>
        </div>
        <section aria-labelledby="signin-title" className="rounded-xl bg-white p-6 shadow-card">
          <h1 id="signin-title" className="text-xl font-semibold tracking-tight text-ink">
            Sign in to the panel
          </h1>
          <p className="mt-1 mb-5 text-sm text-ink-muted">Administrators and compliance officers of your tenant.</p>
          <SignInForm defaultTenantId={demo?.id ?? ''} callbackUrl={callbackUrl} />
        </section>
        <p className="mt-4 text-center text-xs text-ink-muted">5 failed attempts lock the account for 30 minutes.</p>
      </div>
    </main>
  );
}
