'use client';

import type { ReactNode } from 'react';
import { Button } from './button';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** the sort value sent to the API for ascending order; descending is "-" + it */
  sortKey?: string;
  className?: string;
}

/**
 * A data table with server-side sorting and paging. Sorting buttons sit in the headers and report
 * aria-sort; on narrow screens the table scrolls inside its own box.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  page,
  pageSize,
  total,
  onPage,
  empty = 'Nothing here yet.',
  loading,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  sort?: string;
  onSort?: (sort: string) => void;
  page?: number;
  pageSize?: number;
  total?: number;
  onPage?: (page: number) => void;
  empty?: string;
  loading?: boolean;
}) {
  const pages = total !== undefined && pageSize ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  return (
    <div className="rounded-xl bg-white shadow-card">
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              {columns.map((c) => {
                const active = sort === c.sortKey ? 'ascending' : sort === `-${c.sortKey}` ? 'descending' : undefined;
                return (
                  <th key={c.key} scope="col" aria-sort={c.sortKey ? (active ?? 'none') : undefined} className={`whitespace-nowrap px-4 py-2.5 text-left font-semibold text-ink ${c.className ?? ''}`}>
                    {c.sortKey && onSort ? (
                      <button type="button" className="inline-flex items-center gap-1 rounded hover:text-brand-700" onClick={() => onSort(active === 'ascending' ? `-${c.sortKey}` : c.sortKey!)}>
                        {c.header}
                        <span aria-hidden className="text-xs text-ink-muted">
                          {active === 'ascending' ? '▲' : active === 'descending' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100" aria-busy={loading || undefined}>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-8 text-center text-ink-muted">
                  {loading ? 'Loading…' : empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className="hover:bg-slate-50">
                  {columns.map((c) => (
                    <td key={c.key} className={`px-4 py-2.5 align-top ${c.className ?? ''}`}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {onPage && page !== undefined && total !== undefined ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-2.5 text-sm">
          <p className="text-ink-muted" aria-live="polite">
            Page {page} of {pages} · {total} {total === 1 ? 'entry' : 'entries'}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
              Previous
            </Button>
            <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
              Next
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
