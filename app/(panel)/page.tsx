import { cookies } from 'next/headers';
import { StatusOverview } from '@/components/shell/status-overview';
import { getDb } from '@/lib/db/client';
import { findDemoTenant } from '@/lib/services/tenants/tenants';

export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant the panel shows: the `bp_tenant` cookie when set, else the demo tenant. */
async function currentTenantId(): Promise<string | null> {
  const fromCookie = (await cookies()).get('bp_tenant')?.value;
  if (fromCookie && UUID.test(fromCookie)) return fromCookie;
  try {
    return (await findDemoTenant(await getDb()))?.id ?? null;
  } catch {
    return null;
  }
}

export default async function OverviewPage() {
  const tenantId = await currentTenantId();
  return (
    <div className="mx-auto max-w-5xl">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">Overview</h1>
        <p className="mt-1 text-sm text-ink-muted">The tenant you are working in and the state of the platform.</p>
      </header>
      <StatusOverview tenantId={tenantId} />
    </div>
  );
}
