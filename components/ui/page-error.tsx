'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { Button } from './button';

/**
 * What a page that failed to render shows instead of Next.js's bare error screen: what happened in
 * words, a way to try again (the server's part of the page is fetched again, then the page is drawn
 * again) and a way out. The digest is the reference Next.js logs beside the server-side error, so
 * support can find it; the error's own message never reaches the page in production.
 */
export function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  const [retrying, startRetry] = useTransition();
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-semibold tracking-tight text-ink">This page could not be shown</h1>
      <p className="mt-2 text-ink-muted">Something went wrong on our side while loading it. What you saved before is not affected.</p>
      <p className="mt-2 text-ink-muted">Try again in a moment. If it keeps happening, tell your administrator{error.digest ? ' the reference below' : ''}.</p>
      {error.digest ? (
        <p className="mt-4 text-sm text-ink-muted">
          Reference: <code className="rounded bg-slate-100 px-1.5 py-0.5 text-ink">{error.digest}</code>
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          type="button"
          disabled={retrying}
          onClick={() =>
            startRetry(() => {
              router.refresh();
              reset();
            })
          }
        >
          {retrying ? 'Trying again…' : 'Try again'}
        </Button>
        <Link href="/" className="inline-flex items-center rounded-md bg-white px-4 py-2 text-sm font-semibold text-ink shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
          Go to the overview
        </Link>
      </div>
    </div>
  );
}
