import Link from 'next/link';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/ui/fetcher';

/** The h1 of a panel page with an optional description and actions. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
        {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

export { Section } from './section';

/** An alert box for errors that belong to no field. */
export function FormAlert({ messages, id }: { messages: string[]; id?: string }) {
  return (
    <div aria-live="assertive" id={id}>
      {messages.length ? (
        <div role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200">
          {messages.length === 1 ? (
            messages[0]
          ) : (
            <ul className="list-disc pl-4">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** The error of a query, announced. */
export function QueryError({ error }: { error: unknown }) {
  return error ? (
    <p role="alert" className="text-rose-700">
      {errorMessage(error)}
    </p>
  ) : null;
}

/** The "← back" link above a detail page. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="mb-4 inline-block text-sm font-medium text-brand-700 hover:underline">
      ← {children}
    </Link>
  );
}
