'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryError, Section } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import type { Beneficiary } from '@/lib/contract/wallets';
import { apiFetch, errorMessage } from '@/lib/ui/fetcher';
import { Row, Rows } from './use-customer';

/** The customer's saved beneficiaries; ADMIN_USER may deactivate one (after a confirmation). */
export function CustomerBeneficiariesSection({ customerId }: { customerId: string }) {
  const { has } = useCurrentUser();
  const client = useQueryClient();
  const toast = useToast();
  const [target, setTarget] = useState<Beneficiary | null>(null);
  const list = useQuery({
    queryKey: ['beneficiaries', { customerId }],
    queryFn: () => apiFetch<{ items: Beneficiary[] }>(`/api/v2.1/beneficiaries?customerId=${customerId}&pageSize=100`),
  });
  const deactivate = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/v2.1/beneficiaries/${id}/deactivate`, { method: 'POST' }),
    onSuccess: async () => {
      toast('success', 'Beneficiary deactivated');
      setTarget(null);
      await client.invalidateQueries({ queryKey: ['beneficiaries'] });
    },
  });
  const manage = has('ADMIN_USER');
  return (
    <Section title="Beneficiaries">
      {list.isPending ? (
        <p className="text-sm text-ink-muted">Loading…</p>
      ) : list.isError ? (
        <QueryError error={list.error} />
      ) : (
        <Rows empty="No beneficiaries yet." testId="customer-beneficiaries">
          {list.data.items.map((b) => (
            <Row key={b.id}>
              <span className="min-w-0">
                <span className="font-medium">{b.name}</span>
                <span className="block break-all font-mono text-xs text-ink-muted">{b.iban}</span>
              </span>
              <span className="flex items-center gap-2">
                <Badge status={b.status} />
                {manage && b.status === 'ACTIVE' ? (
                  <Button variant="ghost" className="px-2 py-1" onClick={() => setTarget(b)}>
                    Deactivate<span className="sr-only"> {b.name}</span>
                  </Button>
                ) : null}
              </span>
            </Row>
          ))}
        </Rows>
      )}
      <ConfirmDialog
        open={target !== null}
        title="Deactivate beneficiary"
        confirmLabel="Deactivate"
        pending={deactivate.isPending}
        error={deactivate.isError ? errorMessage(deactivate.error) : null}
        onConfirm={() => target && deactivate.mutate(target.id)}
        onClose={() => {
          setTarget(null);
          deactivate.reset();
        }}
      >
        <p>
          No more transfers can be sent to <strong>{target?.name}</strong> ({target?.iban}). Transfers already sent are not affected.
        </p>
      </ConfirmDialog>
    </Section>
  );
}
