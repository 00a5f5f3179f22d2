'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { QueryError } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { PRODUCT_KIND_LABELS, type Fee, type Product, type ProductKind } from '@/lib/contract/products';
import { apiFetch } from '@/lib/ui/fetcher';
import { ProductForm } from './product-form';

/** "0.50 + 1.5 %", "none" */
export function feeWords(fee: Fee | null, currency: string | null): string {
  if (!fee) return '—';
  const fixed = Number(fee.fixed) > 0 ? `${fee.fixed}${currency ? ` ${currency}` : ''}` : null;
  const percent = fee.percentBps > 0 ? `${(fee.percentBps / 100).toLocaleString('en', { maximumFractionDigits: 2 })} %` : null;
  return [fixed, percent].filter(Boolean).join(' + ') || 'no fee';
}

function limitWords(p: Product): string {
  const parts = [
    p.limits.perTransaction ? `${p.limits.perTransaction} per payment` : null,
    p.limits.daily ? `${p.limits.daily} per day` : null,
    p.limits.monthly ? `${p.limits.monthly} per month` : null,
  ].filter(Boolean);
  return parts.join(', ') || 'none';
}

/** The tenant's products; an administrator creates wallet and card products and changes them. */
export function ProductList() {
  const me = useCurrentUser();
  const manage = me.can('product:manage');
  const client = useQueryClient();
  const toast = useToast();
  const [creating, setCreating] = useState<ProductKind | null>(null);
  const [editing, setEditing] = useState<Product | null>(null);
  const products = useQuery({ queryKey: ['products'], queryFn: () => apiFetch<{ items: Product[] }>('/api/v2.1/products') });
  const saved = async (p: Product, verb: string) => {
    setCreating(null);
    setEditing(null);
    toast('success', `Product “${p.name}” ${verb}`);
    await client.invalidateQueries({ queryKey: ['products'] });
  };
  const columns: Column<Product>[] = [
    {
      key: 'name',
      header: 'Product',
      cell: (p) => (
        <span>
          <span className="font-medium">{p.name}</span> {p.isDefault ? <Badge tone="neutral">default</Badge> : null}
          <span className="block font-mono text-xs text-ink-muted">{p.code}</span>
        </span>
      ),
    },
    { key: 'kind', header: 'Kind', cell: (p) => PRODUCT_KIND_LABELS[p.kind] },
    { key: 'currency', header: 'Currency', cell: (p) => p.currency ?? 'any' },
    {
      key: 'terms',
      header: 'Fees or card terms',
      cell: (p) =>
        p.kind === 'WALLET' ? (
          <span className="text-sm">
            Payout: {feeWords(p.payoutFee, p.currency)}
            <span className="block">Wallet transfer: {feeWords(p.transferFee, p.currency)}</span>
          </span>
        ) : (
          <span className="text-sm">
            BIN {p.binRange?.start}
            {p.binRange && p.binRange.end !== p.binRange.start ? `–${p.binRange.end}` : ''}
            <span className="block">Merchant categories: {p.allowedMccs ? p.allowedMccs.join(', ') : 'all'}</span>
          </span>
        ),
    },
    { key: 'limits', header: 'Default limits', cell: (p) => <span className="text-sm">{limitWords(p)}</span> },
    ...(manage
      ? [
          {
            key: 'actions',
            header: 'Actions',
            cell: (p: Product) => (
              <Button variant="secondary" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];
  const items = products.data?.items ?? [];
  return (
    <div className="space-y-4">
      {manage ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button onClick={() => setCreating('WALLET')}>New wallet product</Button>
          <Button variant="secondary" onClick={() => setCreating('CARD')}>
            New card product
          </Button>
        </div>
      ) : null}
      <QueryError error={products.error} />
      <DataTable
        caption="Products"
        columns={columns}
        rows={items}
        rowKey={(p) => p.id}
        page={1}
        pageSize={Math.max(items.length, 1)}
        total={items.length}
        onPage={() => undefined}
        loading={products.isPending}
        empty="No products yet."
      />
      <Dialog open={creating !== null} onClose={() => setCreating(null)} title={creating === 'CARD' ? 'New card product' : 'New wallet product'}>
        {creating ? <ProductForm kind={creating} onCancel={() => setCreating(null)} onSaved={(p) => saved(p, 'created')} /> : null}
      </Dialog>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing ? `Edit ${editing.name}` : 'Edit product'}>
        {editing ? <ProductForm kind={editing.kind} existing={editing} onCancel={() => setEditing(null)} onSaved={(p) => saved(p, 'saved')} /> : null}
      </Dialog>
    </div>
  );
}
