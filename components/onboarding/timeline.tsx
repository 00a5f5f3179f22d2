'use client';

import { useQuery } from '@tanstack/react-query';
import { QueryError, Section } from '@/components/ui/page-header';
import type { TimelineEvent } from '@/lib/contract/review';
import { apiFetch } from '@/lib/ui/fetcher';

const ROLE_LABELS: Record<string, string> = {
  ADMIN_USER: 'Administrator',
  COMPLIANCE_OFFICER: 'Compliance officer',
  EMPLOYEE: 'Employee',
  TRANSACTION_APPROVER: 'Transaction approver',
  CUSTOMER: 'Customer',
};
export const roleLabel = (roles: string[]) => (roles.length ? roles.map((r) => ROLE_LABELS[r] ?? r).join(', ') : 'no staff role');

/**
 * The audit timeline of a customer or a case: every event with its time, the actor's name and
 * role, and what changed; the CSV export is the same list from the API (`?format=csv`).
 */
export function Timeline({ url, title = 'Timeline' }: { url: string; title?: string }) {
  // the history is read again whenever it is shown: another user may have acted seconds ago
  const q = useQuery({ queryKey: ['timeline', url], queryFn: () => apiFetch<{ items: TimelineEvent[] }>(url), refetchOnMount: 'always' });
  return (
    <Section
      title={title}
      actions={
        <a href={`${url}?format=csv`} download className="rounded-md px-3 py-1.5 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
          Export CSV
        </a>
      }
    >
      <QueryError error={q.error} />
      {q.isPending ? <p className="text-sm text-ink-muted">Loading…</p> : null}
      <ol className="space-y-3 text-sm" data-testid="timeline">
        {(q.data?.items ?? [])
          .slice()
          .reverse()
          .map((e) => (
            <li key={e.id} className="border-l-2 border-slate-200 pl-3">
              <p className="font-medium text-ink">{e.label}</p>
              <p className="text-ink-muted">
                <time dateTime={e.at}>{new Date(e.at).toLocaleString()}</time> · <span data-testid="actor">{e.actorName}</span> ({roleLabel(e.actorRoles)})
              </p>
              {e.changes ? <p className="text-xs text-ink-muted [overflow-wrap:anywhere]">{e.changes}</p> : null}
            </li>
          ))}
      </ol>
    </Section>
  );
}
