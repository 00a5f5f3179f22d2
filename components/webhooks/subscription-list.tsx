'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { QueryError } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox } from '@/components/ui/input';
import { DataTable, type Column } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import type { WebhookSubscription } from '@/lib/contract/webhooks';
import { apiFetch, errorMessage } from '@/lib/ui/fetcher';
import { SecretOnce, SubscriptionForm } from './subscription-form';

const PAGE_SIZE = 20;

export function SubscriptionList() {
  const client = useQueryClient();
  const router = useRouter();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<(WebhookSubscription & { secretKey?: string }) | null>(null);
  const subs = useQuery({
    queryKey: ['webhook-subscriptions', page],
    queryFn: () => apiFetch<{ items: WebhookSubscription[]; total: number }>(`/api/v2.1/webhooks/subscriptions?pageNo=${page}&pageSize=${PAGE_SIZE}`),
  });
  const settings = useQuery({ queryKey: ['webhook-settings'], queryFn: () => apiFetch<{ allowHttpEndpoints: boolean }>('/api/v2.1/webhooks/settings') });
  const saveSettings = useMutation({
    mutationFn: (allowHttpEndpoints: boolean) => apiFetch('/api/v2.1/webhooks/settings', { method: 'PUT', json: { allowHttpEndpoints } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['webhook-settings'] }),
    onError: (e) => toast('error', errorMessage(e)),
  });
  const columns: Column<WebhookSubscription>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (s) => (
        <Link href={`/webhooks/${s.id}`} className="font-medium text-brand-700 hover:underline">
          {s.subscriptionName}
        </Link>
      ),
    },
    { key: 'url', header: 'Endpoint', cell: (s) => <span className="break-all font-mono text-xs">{s.endpointUrl}</span> },
    { key: 'events', header: 'Events', cell: (s) => <span className="font-mono text-xs">{s.subscribedEvents.join(', ')}</span> },
    { key: 'state', header: 'State', cell: (s) => <Badge status={s.enabled ? 'ENABLED' : 'DISABLED'} /> },
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox
          label="Allow http:// endpoints (testing only)"
          checked={settings.data?.allowHttpEndpoints ?? false}
          disabled={settings.isPending || saveSettings.isPending}
          onChange={(e) => saveSettings.mutate(e.target.checked)}
        />
        <Button onClick={() => setCreating(true)}>New subscription</Button>
      </div>
      {created?.secretKey ? (
        <SecretOnce
          secret={created.secretKey}
          onDone={() => {
            const id = created.id;
            setCreated(null);
            router.push(`/webhooks/${id}`);
          }}
        />
      ) : null}
      <QueryError error={subs.error} />
      <DataTable
        caption="Webhook subscriptions"
        columns={columns}
        rows={subs.data?.items ?? []}
        rowKey={(s) => s.id}
        page={page}
        pageSize={PAGE_SIZE}
        total={subs.data?.total ?? 0}
        onPage={setPage}
        loading={subs.isPending}
        empty="No subscriptions yet."
      />
      <Dialog open={creating} onClose={() => setCreating(false)} title="New webhook subscription">
        <SubscriptionForm
          onCancel={() => setCreating(false)}
          onSaved={async (saved) => {
            setCreating(false);
            setCreated(saved);
            toast('success', 'Subscription created');
            await client.invalidateQueries({ queryKey: ['webhook-subscriptions'] });
          }}
        />
      </Dialog>
    </div>
  );
}
