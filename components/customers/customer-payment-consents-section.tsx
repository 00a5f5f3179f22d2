'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryError, Section } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import type { PaymentConsent } from '@/lib/contract/wallets';
import { apiFetch, errorMessage } from '@/lib/ui/fetcher';
import { Row, Rows, label, when } from './use-customer';

/** Payment consents of the customer's wallets; ADMIN_USER may revoke an authorized one (confirmed). */
export function CustomerPaymentConsentsSection({ customerId }: { customerId: string }) {
  const { has } = useCurrentUser();
  const client = useQueryClient();
  const toast = useToast();
  const [target, setTarget] = useState<PaymentConsent | null>(null);
  const list = useQuery({
    queryKey: ['payment-consents', { customerId }],
    queryFn: () => apiFetch<{ items: PaymentConsent[] }>(`/api/v2.1/payment-consents?customerId=${customerId}&pageSize=100`),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/v2.1/payment-consents/${id}/revoke`, { method: 'POST' }),
    onSuccess: async () => {
      toast('success', 'Payment consent revoked');
      setTarget(null);
      await client.invalidateQueries({ queryKey: ['payment-consents'] });
    },
  });
  const manage = has('ADMIN_USER');
  return (
    <Section title="Payment consents">
      {list.isPending ? (
        <p className="text-sm text-ink-muted">Loading…</p>
      ) : list.isError ? (
        <QueryError error={list.error} />
      ) : (
        <Rows empty="No payment consents." testId="customer-payment-consents">
          {list.data.items.map((p) => (
            <Row key={p.id}>
              <span className="min-w-0">
                <span className="font-medium first-letter:uppercase">{label(p.scope)}</span>
                <span className="block text-xs text-ink-muted">
                  up to {p.maxAmountPerPayment} {p.currency} per payment · until {when(p.expiresAt)}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <Badge status={p.status} />
                {manage && p.status === 'AUTHORIZED' ? (
                  <Button variant="ghost" className="px-2 py-1" onClick={() => setTarget(p)}>
                    Revoke<span className="sr-only"> consent {p.id.slice(0, 8)}</span>
                  </Button>
                ) : null}
              </span>
            </Row>
          ))}
        </Rows>
      )}
      <ConfirmDialog
        open={target !== null}
        title="Revoke payment consent"
        confirmLabel="Revoke"
        pending={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onConfirm={() => target && revoke.mutate(target.id)}
        onClose={() => {
          setTarget(null);
          revoke.reset();
        }}
      >
        <p>Transfers that rely on this consent will be refused from now on. This cannot be undone; the customer would have to authorize a new one.</p>
      </ConfirmDialog>
    </Section>
  );
}
