import { DashboardSummaryTiles } from '@/components/dashboard/dashboard-summary';
import { navItemOf } from '@/components/shell/nav-items';
import { StatusOverview } from '@/components/shell/status-overview';
import { SetupBanner } from '@/components/tenant-setup/setup-checklist';
import { getPanelUser } from '@/lib/auth/panel';

export const dynamic = 'force-dynamic';

export default async function OverviewPage({ searchParams }: { searchParams: Promise<{ denied?: string | string[] }> }) {
  const user = await getPanelUser();
  // a page the user's roles do not open sent them here (requirePanelUser): say so, in words
  const { denied } = await searchParams;
  const refused = typeof denied === 'string' ? navItemOf(denied) : undefined;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-ink">Overview</h1>
        <p className="mt-1 text-sm text-ink-muted">Customers, reviews and deliveries of your tenant at a glance.</p>
      </header>
      {denied !== undefined ? (
        <p role="status" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Your roles do not give you access to {refused ? <strong>{refused.label}</strong> : 'that page'}. An administrator of your tenant can change your roles under Users.
        </p>
      ) : null}
      <SetupBanner />
      <DashboardSummaryTiles />
      <StatusOverview tenantId={user?.tenant.id ?? null} />
    </div>
  );
}
