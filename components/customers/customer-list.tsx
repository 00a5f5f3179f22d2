'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { QueryError } from '@/components/ui/page-header';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { DataTable, type Column } from '@/components/ui/table';
import type { CustomerListItem } from '@/lib/contract/customers';
import { CUSTOMER_STATUSES, CUSTOMER_TYPES, VERIFICATION_STATUSES } from '@/lib/contract/enums';
import { apiFetch, toQuery } from '@/lib/ui/fetcher';

interface Page {
  items: CustomerListItem[];
  pageNo: number;
  pageSize: number;
  total: number;
}
interface Hierarchy {
  categories: { id: string; name: string; customerType: string }[];
}

export interface CustomerFilters {
  q?: string;
  type?: string;
  status?: string;
  verificationStatus?: string;
  categoryId?: string;
}

const PAGE_SIZE = 20;

const columns: Column<CustomerListItem>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'displayName',
    cell: (c) => (
      <Link href={`/customers/${c.id}`} className="font-medium text-brand-700 hover:underline">
        {c.displayName}
      </Link>
    ),
  },
  { key: 'type', header: 'Type', cell: (c) => (c.customerType === 'INDIVIDUAL' ? 'Individual' : 'Organization') },
  { key: 'email', header: 'Email', cell: (c) => <span className="break-all">{c.email ?? '—'}</span> },
  { key: 'status', header: 'Status', sortKey: 'status', cell: (c) => <Badge status={c.status} /> },
  { key: 'verification', header: 'Verification', cell: (c) => <Badge status={c.verificationStatus} /> },
  { key: 'category', header: 'Category', cell: (c) => c.categoryName ?? '—' },
  { key: 'created', header: 'Registered', sortKey: 'createdAt', cell: (c) => new Date(c.createdAt).toLocaleDateString() },
];

/** Customers: search, filters, sorting, paging and the CSV export of exactly the filtered list. */
export function CustomerList({ tenantId, initial }: { tenantId: string; initial: CustomerFilters }) {
  const [filters, setFilters] = useState<CustomerFilters>(initial);
  const [search, setSearch] = useState(initial.q ?? '');
  const [sort, setSort] = useState('-createdAt');
  const [page, setPage] = useState(1);
  const query = toQuery({ ...filters, sort });
  const customers = useQuery({
    queryKey: ['customers', query, page],
    queryFn: () => apiFetch<Page>(`/api/v2.1/customers${query}${query ? '&' : '?'}pageNo=${page}&pageSize=${PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
  const hierarchy = useQuery({
    queryKey: ['hierarchy', tenantId],
    queryFn: () => apiFetch<Hierarchy>(`/api/v2.1/categorization/hierarchy/${tenantId}`, { headers: { 'X-Tenant-ID': tenantId } }),
    staleTime: 300_000,
  });
  const set = (patch: CustomerFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  return (
    <div className="space-y-4">
      <form
        role="search"
        aria-label="Filter customers"
        className="grid gap-3 rounded-xl bg-white p-4 shadow-card sm:grid-cols-2 lg:grid-cols-6"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: search.trim() || undefined });
        }}
      >
        <Field label="Search" type="search" placeholder="Name, email or registration no." value={search} onChange={(e) => setSearch(e.target.value)} className="sm:col-span-2" />
        <SelectField label="Type" value={filters.type ?? ''} onChange={(e) => set({ type: e.target.value || undefined })} options={CUSTOMER_TYPES} placeholder="All types" />
        <SelectField label="Status" value={filters.status ?? ''} onChange={(e) => set({ status: e.target.value || undefined })} options={CUSTOMER_STATUSES} placeholder="All statuses" />
        <SelectField
          label="Verification"
          value={filters.verificationStatus ?? ''}
          onChange={(e) => set({ verificationStatus: e.target.value || undefined })}
          options={VERIFICATION_STATUSES}
          placeholder="Any verification"
        />
        <SelectField
          label="Category"
          value={filters.categoryId ?? ''}
          onChange={(e) => set({ categoryId: e.target.value || undefined })}
          options={(hierarchy.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
          placeholder="All categories"
        />
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-6">
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Search
          </button>
          <a
            href={`/api/v2.1/customers/export${query}`}
            download="customers.csv"
            className="rounded-md px-4 py-2 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
          >
            Export CSV
          </a>
        </div>
      </form>
      <QueryError error={customers.error} />
      <DataTable
        caption="Customers"
        columns={columns}
        rows={customers.data?.items ?? []}
        rowKey={(c) => c.id}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPage(1);
        }}
        page={page}
        pageSize={PAGE_SIZE}
        total={customers.data?.total ?? 0}
        onPage={setPage}
        loading={customers.isPending}
        empty="No customer matches these filters."
      />
    </div>
  );
}
