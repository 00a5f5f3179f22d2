'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { QueryError } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { CARD_STATUSES } from '@/lib/contract/card-operations';
import { searchCardsQuerySchema, type CardSearchItem, type CardSearchPage } from '@/lib/contract/search';
import { apiFetch, toQuery } from '@/lib/ui/fetcher';

/** The form's values: every box optional; the contract's schema (at least one filter) checks them. */
const formSchema = searchCardsQuerySchema;
type FormValues = { last4?: string; holder?: string; customerId?: string; cardId?: string; status?: string };
const FIELDS = ['last4', 'holder', 'customerId', 'cardId', 'status'] as const;
const blankToUndefined = (v: string) => (v.trim() === '' ? undefined : v.trim());

/**
 * Card search: last four digits and/or the cardholder's name or email, a customer id or a card id,
 * validated with the API's own schema; the filters live in the URL (none of them is sensitive), so
 * a search can be linked (the customer page links "Find cards" with its customerId).
 */
export function CardSearch() {
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const current: FormValues = Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? undefined]).filter(([, v]) => v)) as FormValues;
  const pageNo = Number(params.get('pageNo') ?? '1') || 1;
  const active = Object.keys(current).some((k) => k !== 'status');
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema as never) as never, defaultValues: { last4: '', holder: '', customerId: '', cardId: '', status: '', ...current } });
  const results = useQuery({
    queryKey: ['cards', 'search', current, pageNo],
    queryFn: () => apiFetch<CardSearchPage>(`/api/v2.1/cards${toQuery({ ...current, pageNo, pageSize: 20 })}`),
    enabled: active,
    retry: false,
  });

  const submit = form.handleSubmit((values) => {
    const next = Object.fromEntries(FIELDS.map((f) => [f, values[f]]).filter(([, v]) => v)) as Record<string, string>;
    router.push(`${path}${toQuery(next)}`);
  });
  const columns: Column<CardSearchItem>[] = [
    {
      key: 'card',
      header: 'Card',
      cell: (c) => (
        <Link href={`/cards/${c.cardId}`} className="font-mono font-medium text-brand-700 hover:underline">
          {c.cardNo}
        </Link>
      ),
    },
    {
      key: 'holder',
      header: 'Cardholder',
      cell: (c) => (
        <span>
          <span className="block font-medium">{c.cardholderName}</span>
          <span className="block break-all text-xs text-ink-muted">{c.cardholderEmail}</span>
        </span>
      ),
    },
    {
      key: 'customer',
      header: 'Customer',
      cell: (c) => (
        <Link href={`/customers/${c.customerId}`} className="text-brand-700 hover:underline">
          {c.customerName}
        </Link>
      ),
    },
    { key: 'status', header: 'Status', cell: (c) => <Badge status={c.status} /> },
    { key: 'expiry', header: 'Expiry', cell: (c) => `${String(c.expiryMonth).padStart(2, '0')}/${c.expiryYear} · ${c.currency}` },
  ];
  const reg = (name: keyof FormValues) => form.register(name, { setValueAs: blankToUndefined });
  const e = form.formState.errors;
  return (
    <div className="space-y-4">
      <form method="post" onSubmit={submit} noValidate role="search" aria-label="Find cards" className="grid gap-3 rounded-xl bg-white p-4 shadow-card sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Last four digits" inputMode="numeric" maxLength={4} autoComplete="off" error={e.last4?.message} {...reg('last4')} />
        <Field label="Cardholder name or email" autoComplete="off" error={e.holder?.message} {...reg('holder')} />
        <SelectField label="Status" placeholder="any status" options={CARD_STATUSES} error={e.status?.message} {...reg('status')} />
        <Field label="Customer ID" autoComplete="off" spellCheck={false} error={e.customerId?.message} {...reg('customerId')} />
        <Field label="Card ID" autoComplete="off" spellCheck={false} error={e.cardId?.message} {...reg('cardId')} />
        <div className="flex items-end gap-2">
          <Button type="submit">Find cards</Button>
          {active ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                form.reset({ last4: '', holder: '', customerId: '', cardId: '', status: '' });
                router.push(path);
              }}
            >
              Clear
            </Button>
          ) : null}
        </div>
      </form>
      {results.isError ? <QueryError error={results.error} /> : null}
      {active ? (
        <DataTable
          caption="Cards found"
          columns={columns}
          rows={results.data?.items ?? []}
          rowKey={(c) => c.cardId}
          loading={results.isPending}
          empty="No card matches."
          page={pageNo}
          pageSize={20}
          total={results.data?.total}
          onPage={(p) => router.push(`${path}${toQuery({ ...current, pageNo: p })}`)}
        />
      ) : (
        <p className="text-sm text-ink-muted">Give the last four digits with the cardholder&apos;s name or email, or a customer or card ID.</p>
      )}
    </div>
  );
}
