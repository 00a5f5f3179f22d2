'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '@/lib/ui/fetcher';
import { Button } from './button';

/**
 * What a page shows when one of its reads fails. A read that never answered leaves nothing to show
 * but its error (with a retry); a background refetch that fails must not take away what is on
 * screen: the last good data stays, forms keep what was typed, and a banner above says it could
 * not be refreshed, with a retry. Every section that holds a form reads its queries through these.
 */
type Query = Pick<UseQueryResult<unknown>, 'isError' | 'error' | 'data' | 'refetch' | 'isFetching' | 'dataUpdatedAt'>;

/** True only when there is nothing to show: the first load failed. A failed refetch keeps the data. */
export function loadFailed<Q extends Query>(query: Q): query is Extract<Q, { isError: true; data: undefined }> {
  return query.isError && query.data === undefined;
}

function RetryButton({ query }: { query: Query }) {
  return (
    <Button type="button" variant="secondary" className="px-3 py-1" disabled={query.isFetching} onClick={() => void query.refetch()}>
      {query.isFetching ? 'Trying again…' : 'Try again'}
    </Button>
  );
}

/** In place of a section whose first load failed: the error and a retry. */
export function LoadError({ query }: { query: Query }) {
  if (!query.isError) return null;
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200">
      <span>{errorMessage(query.error)}</span>
      <RetryButton query={query} />
    </div>
  );
}

/** Above data that could not be refreshed: says so, when it was loaded, and offers a retry. */
export function StaleBanner({ query, what }: { query: Query; what: string }) {
  if (!query.isError || query.data === undefined) return null;
  const at = query.dataUpdatedAt ? new Date(query.dataUpdatedAt).toLocaleTimeString() : null;
  return (
    <div role="alert" data-testid="stale-banner" className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      <span>
        Could not refresh {what}: {errorMessage(query.error)}. {at ? `Showing what was loaded at ${at}.` : 'Showing what was loaded before.'}
      </span>
      <RetryButton query={query} />
    </div>
  );
}
