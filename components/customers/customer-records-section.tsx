'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryError, Section } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { apiFetch, errorMessage } from '@/lib/ui/fetcher';
import { Row, Rows } from './use-customer';

/**
 * A customer-page section over one list resource of the customer (`/api/v2.1/{resource}?customerId=`)
 * whose live items a holder of wallet:manage may end with one POST action (`/{id}/{action.verb}`) after a
 * confirmation: beneficiaries (deactivate) and payment consents (revoke) share this shape.
 */
export interface CustomerRecordsSectionProps<T extends { id: string; status: string }> {
  customerId: string;
  title: string;
  /** the API collection, also the react-query key root invalidated after the action */
  resource: 'beneficiaries' | 'payment-consents';
  testId: string;
  empty: string;
  /** the row's text (left side) */
  describe: (item: T) => ReactNode;
  action: {
    verb: 'deactivate' | 'revoke';
    /** the status in which the action is offered */
    when: string;
    /** the button's words, and what screen readers hear after them to tell rows apart */
    label: string;
    srLabel: (item: T) => string;
    confirmTitle: string;
    done: string;
    explain: (item: T) => ReactNode;
  };
}

export function CustomerRecordsSection<T extends { id: string; status: string }>({ customerId, title, resource, testId, empty, describe, action }: CustomerRecordsSectionProps<T>) {
  const { can } = useCurrentUser();
  const client = useQueryClient();
  const toast = useToast();
  const [target, setTarget] = useState<T | null>(null);
  const list = useQuery({
    queryKey: [resource, { customerId }],
    queryFn: () => apiFetch<{ items: T[] }>(`/api/v2.1/${resource}?customerId=${customerId}&pageSize=100`),
  });
  const run = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/v2.1/${resource}/${id}/${action.verb}`, { method: 'POST' }),
    onSuccess: async () => {
      toast('success', action.done);
      setTarget(null);
      await client.invalidateQueries({ queryKey: [resource] });
    },
  });
  const manage = can('wallet:manage');
  return (
    <Section title={title}>
      {list.isPending ? (
        <p className="text-sm text-ink-muted">Loading…</p>
      ) : list.isError ? (
        <QueryError error={list.error} />
      ) : (
        <Rows empty={empty} testId={testId}>
          {list.data.items.map((item) => (
            <Row key={item.id}>
              <span className="min-w-0">{describe(item)}</span>
              <span className="flex items-center gap-2">
                <Badge status={item.status} />
                {manage && item.status === action.when ? (
                  <Button variant="ghost" className="px-2 py-1" onClick={() => setTarget(item)}>
                    {action.label}
                    <span className="sr-only"> {action.srLabel(item)}</span>
                  </Button>
                ) : null}
              </span>
            </Row>
          ))}
        </Rows>
      )}
      <ConfirmDialog
        open={target !== null}
        title={action.confirmTitle}
        confirmLabel={action.label}
        pending={run.isPending}
        error={run.isError ? errorMessage(run.error) : null}
        onConfirm={() => target && run.mutate(target.id)}
        onClose={() => {
          setTarget(null);
          run.reset();
        }}
      >
        <p>{target ? action.explain(target) : null}</p>
      </ConfirmDialog>
    </Section>
  );
}
