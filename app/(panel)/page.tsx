import { DashboardSummaryTiles } from '@/components/dashboard/dashboard-summary';
import { StatusOverview } from '@/components/shell/status-overview';
import { SetupBanner } from '@/components/tenant-setup/setup-checklist';
import { getPanelUser } from '@/lib/auth/panel';

export const dynamic = 'force-dynamic';

export default async function OverviewPage() {
  const user = await getPanelUser();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-ink">Overview</h1>
        <p className="mt-1 text-sm text-ink-muted">Customers, reviews and deliveries of your tenant at a glance.</p>
      </header>
      <SetupBanner />
      <DashboardSummaryTiles />
      <StatusOverview tenantId={user?.tenant.id ?? null} />
    </div>
  );
}
