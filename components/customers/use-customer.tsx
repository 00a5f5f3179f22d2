'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { getCustomerDetail } from '@/lib/services/customers/directory';
import { apiFetch } from '@/lib/ui/fetcher';

/**
 * What the sections of the customer page share: the customer's detail (one query, cached under
 * ['customer', id], so every section that needs it reads the same answer) and small presentation
 * helpers. Each section of app/(panel)/customers/[customerId]/page.tsx is its own component.
 */
export type CustomerDetailData = Awaited<ReturnType<typeof getCustomerDetail>>;

export function useCustomer(customerId: string) {
  return useQuery({ queryKey: ['customer', customerId], queryFn: () => apiFetch<CustomerDetailData>(`/api/v2.1/customers/${customerId}`) });
}

/** The customer API's base path for activation, consents, deactivation and verification. */
export const customerBase = (c: Pick<CustomerDetailData, 'customerType' | 'id'>) => `/api/v2.1/customer/${c.customerType === 'INDIVIDUAL' ? 'individual' : 'organization'}/${c.id}`;

export const label = (s: string) => s.replaceAll('_', ' ').toLowerCase();
export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {items.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-ink-muted">{k}</dt>
          <dd className="break-words font-medium text-ink">{v ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A small list inside a section: one row per item, wrapping on narrow screens. */
export function Rows({ children, empty, testId }: { children: ReactNode[]; empty: string; testId?: string }) {
  return children.length === 0 ? (
    <p className="text-sm text-ink-muted" data-testid={testId}>
      {empty}
    </p>
  ) : (
    <ul className="divide-y divide-slate-100 text-sm" data-testid={testId}>
      {children}
    </ul>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">{children}</li>;
}

export function SectionLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="text-sm font-medium text-brand-700 hover:underline">
      {children}
    </Link>
  );
}
