import { StatusOverview } from '@/components/shell/status-overview';
import { getPanelUser } from '@/lib/auth/panel';

export const dynamic = 'force-dynamic';

export default async function OverviewPage() {
  const user = await getPanelUser();
  return (
    <div className="mx-auto max-w-5xl">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">Overview</h1>
        <p className="mt-1 text-sm text-ink-muted">The tenant you are working in and the state of the platform.</p>
      </header>
      <StatusOverview tenantId={user?.tenant.id ?? null} />
    </div>
  );
}
