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

type SortState = 'ascending' | 'descending' | undefined;

function sortStateOf(sort: string | undefined, key: string | undefined): SortState {
  if (!key) return undefined;
  return sort === key ? 'ascending' : sort === `-${key}` ? 'descending' : undefined;
}

const ARROW = { ascending: '▲', descending: '▼' } as const;

/**
 * A data table with server-side sorting and paging. Sorting buttons sit in the headers and report
 * aria-sort. Below the `md` breakpoint (768 px) the table turns into stacked rows: each row is a
 * card whose cells carry their column's name, the header row gives way to a bar of sort buttons, and
 * nothing needs a sideways scroll (docs/admin-app.md, "Small screens"). From `md` up it is a plain
 * table that scrolls inside its own focusable box when it must. The table, row, header and cell
 * roles are explicit: a `display: block` table loses its implicit ones in some browsers' accessibility
 * trees, and screen readers (and getByRole('row')) must still see rows and cells when stacked.
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
  rowTestId,
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
  /** data-testid of every body row (for specs) */
  rowTestId?: string;
}) {
  const pages = total !== undefined && pageSize ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const sortable = onSort ? columns.filter((c) => c.sortKey) : [];
  const toggle = (c: Column<T>) => onSort?.(sortStateOf(sort, c.sortKey) === 'ascending' ? `-${c.sortKey}` : c.sortKey!);
  return (
    <div className="rounded-xl bg-white shadow-card">
      {sortable.length ? (
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2.5 text-sm md:hidden" role="group" aria-label={`Sort ${caption.toLowerCase()}`}>
          <span className="text-ink-muted">Sort by</span>
          {sortable.map((c) => {
            const active = sortStateOf(sort, c.sortKey);
            return (
              <button
                key={c.key}
                type="button"
                aria-pressed={active ? true : false}
                onClick={() => toggle(c)}
                className={`inline-flex items-center gap-1 rounded-md px-2 py-1 ring-1 ring-inset ${active ? 'bg-brand-50 text-brand-700 ring-brand-600/30' : 'text-ink ring-slate-300'}`}
              >
                {c.header}
                <span aria-hidden className="text-xs">
                  {active ? ARROW[active] : '↕'}
                </span>
                {active ? <span className="sr-only">, {active}</span> : null}
              </button>
            );
          })}
        </div>
      ) : null}
      <div className="relative md:overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
        <table role="table" className="block w-full text-sm md:table md:min-w-full md:divide-y md:divide-slate-200">
          <caption className="sr-only">{caption}</caption>
          <thead role="rowgroup" className="hidden bg-slate-50 md:table-header-group">
            <tr role="row">
              {columns.map((c) => {
                const active = sortStateOf(sort, c.sortKey);
                return (
                  <th
                    key={c.key}
                    role="columnheader"
                    scope="col"
                    aria-sort={c.sortKey ? (active ?? 'none') : undefined}
                    className={`whitespace-nowrap px-4 py-2.5 text-left font-semibold text-ink ${c.className ?? ''}`}
                  >
                    {c.sortKey && onSort ? (
                      <button type="button" className="inline-flex items-center gap-1 rounded hover:text-brand-700" onClick={() => toggle(c)}>
                        {c.header}
                        <span aria-hidden className="text-xs text-ink-muted">
                          {active ? ARROW[active] : '↕'}
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
          <tbody role="rowgroup" className="block divide-y divide-slate-100 md:table-row-group" aria-busy={loading || undefined}>
            {rows.length === 0 ? (
              <tr role="row" className="block md:table-row">
                <td role="cell" colSpan={columns.length} className="block px-4 py-8 text-center text-ink-muted md:table-cell">
                  {loading ? 'Loading…' : empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} role="row" data-testid={rowTestId} className="block px-4 py-3 hover:bg-slate-50 md:table-row md:p-0">
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      role="cell"
                      data-label={c.header || undefined}
                      className={`grid min-w-0 grid-cols-[minmax(0,7.5rem)_minmax(0,1fr)] gap-x-3 break-words py-1 max-md:[&_.flex]:flex-wrap before:font-medium before:text-ink-muted before:content-[attr(data-label)] md:table-cell md:break-normal md:px-4 md:py-2.5 md:align-top md:before:content-none ${
                        c.header ? '' : 'before:hidden [&>*]:col-span-2'
                      } ${c.className ?? ''}`}
                    >
                      {c.header ? <div className="min-w-0 md:contents">{c.cell(row)}</div> : c.cell(row)}
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
