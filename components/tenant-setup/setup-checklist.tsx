'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useCurrentUser } from '@/components/shell/user-context';
import { LoadError } from '@/components/ui/query-state';
import type { TenantSetup } from '@/lib/contract/tenant-setup';
import { apiFetch } from '@/lib/ui/fetcher';

/** The checklist from GET /api/v2.1/tenant/setup: ticked on the server from what exists, fetched again when the admin comes back to it. */
export function useTenantSetup(enabled = true) {
  return useQuery({ queryKey: ['tenant-setup'], queryFn: () => apiFetch<TenantSetup>('/api/v2.1/tenant/setup'), enabled, refetchOnMount: 'always' });
}

function Progress({ setup }: { setup: TenantSetup }) {
  return (
    <div
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      role="progressbar"
      aria-label="Set-up progress"
      aria-valuemin={0}
      aria-valuemax={setup.total}
      aria-valuenow={setup.done}
    >
      <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.round((setup.done / setup.total) * 100)}%` }} />
    </div>
  );
}

/** The first-run checklist as a page: every step, done or to do, each linking to its screen. */
export function SetupChecklist() {
  const q = useTenantSetup();
  if (q.isPending) return <p className="text-sm text-ink-muted">Loading…</p>;
  if (q.isError) return <LoadError query={q} />;
  const setup = q.data;
  return (
    <div className="space-y-4">
      <div className="space-y-2 rounded-xl bg-white p-5 shadow-card">
        <p className="text-sm font-medium text-ink" data-testid="setup-progress">
          {setup.complete ? 'Your tenant is set up: every step is done.' : `${setup.done} of ${setup.total} steps done`}
        </p>
        <Progress setup={setup} />
      </div>
      <ol className="space-y-3" aria-label="Set-up steps">
        {setup.steps.map((step, i) => (
          <li key={step.id} data-testid={`setup-step-${step.id}`} data-done={step.done} className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-card sm:flex-row sm:items-center">
            <span
              aria-hidden
              className={`grid h-8 w-8 shrink-0 place-items-center rounded-full text-sm font-bold ${step.done ? 'bg-emerald-600 text-white' : 'bg-slate-100 text-ink ring-1 ring-slate-300'}`}
            >
              {step.done ? '✓' : i + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">
                {step.title} <span className="sr-only">{step.done ? '(done)' : '(to do)'}</span>
              </p>
              <p className="text-sm text-ink-muted">{step.description}</p>
            </div>
            <Link
              href={step.href}
              className={`inline-flex shrink-0 items-center justify-center rounded-md px-4 py-2 text-sm font-semibold ${
                step.done ? 'text-brand-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50' : 'bg-brand-600 text-white hover:bg-brand-700'
              }`}
            >
              {step.done ? `Review: ${step.title.toLowerCase()}` : step.title}
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** On the dashboard, for whoever sets the tenant up, until every step is done: the steps left and a link to the checklist. */
export function SetupBanner() {
  const { can } = useCurrentUser();
  const allowed = can('tenant:configure');
  const q = useTenantSetup(allowed);
  if (!allowed || !q.data || q.data.complete) return null;
  const setup = q.data;
  const left = setup.steps.filter((s) => !s.done);
  return (
    <section aria-labelledby="setup-banner-title" data-testid="setup-banner" className="space-y-3 rounded-xl bg-white p-5 shadow-card ring-2 ring-brand-600">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-banner-title" className="text-lg font-semibold text-ink">
          Finish setting up your tenant
        </h2>
        <p className="text-sm text-ink-muted">
          {setup.done} of {setup.total} steps done
        </p>
      </div>
      <Progress setup={setup} />
      <ul className="space-y-1 text-sm">
        {left.map((s) => (
          <li key={s.id}>
            <Link href={s.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {s.title}
            </Link>
          </li>
        ))}
      </ul>
      <Link href="/setup" className="inline-flex rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
        Open the set-up checklist
      </Link>
    </section>
  );
}
