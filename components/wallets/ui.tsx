import type { ReactNode } from 'react';

/** Small presentational pieces of the wallet and transfer pages. */
const TONES: Record<string, string> = {
  COMPLETED: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  ACTIVE: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  PENDING_APPROVAL: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  FROZEN: 'bg-sky-50 text-sky-900 ring-sky-600/30',
  REJECTED: 'bg-rose-50 text-rose-800 ring-rose-600/20',
  FAILED: 'bg-rose-50 text-rose-800 ring-rose-600/20',
  CLOSED: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status] ?? TONES.CLOSED}`}>
      {status.replaceAll('_', ' ')}
    </span>
  );
}

export function Money({ amount, currency, sign }: { amount: string; currency: string; sign?: '+' | '-' }) {
  return (
    <span className="whitespace-nowrap font-mono tabular-nums">
      {sign ?? ''}
      {amount} {currency}
    </span>
  );
}

export function PageHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
        {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
      </div>
      {children}
    </header>
  );
}

export function Panel({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section aria-label={label} className="overflow-hidden rounded-xl bg-white shadow-card">
      {children}
    </section>
  );
}

export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error'; children: ReactNode }) {
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md px-4 py-3 text-sm ${tone === 'error' ? 'bg-rose-50 text-rose-800' : 'bg-slate-100 text-ink-muted'}`}>
      {children}
    </p>
  );
}

export const shortId = (id: string) => id.slice(0, 8);
export const when = (iso: string) => new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** Previous / next with "Page n of m". */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
      <button type="button" className="rounded-md px-3 py-1.5 ring-1 ring-slate-300 disabled:opacity-50" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="text-ink-muted">
        Page {page} of {pages}
      </span>
      <button type="button" className="rounded-md px-3 py-1.5 ring-1 ring-slate-300 disabled:opacity-50" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** A table's header row; `right` aligns a column's header with right-aligned amounts. */
export function TableHead({ columns }: { columns: Array<string | { label: string; right: true }> }) {
  return (
    <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-ink-muted">
      <tr>
        {columns.map((c) => {
          const label = typeof c === 'string' ? c : c.label;
          return (
            <th key={label} scope="col" className={`px-4 py-3${typeof c === 'string' ? '' : ' text-right'}`}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
