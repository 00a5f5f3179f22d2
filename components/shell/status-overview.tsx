'use client';

import { useQuery } from '@tanstack/react-query';

interface Health {
  status: 'ok' | 'unavailable';
  database: { reachable: boolean; driver: string | null; latencyMs: number | null; error?: string };
  uptimeSeconds: number;
  version: string;
}

interface PublicTenant {
  id: string;
  name: string;
  status: string;
}

class EnvelopeError extends Error {
  constructor(
    public status: number,
    message: string,
    public data: unknown,
  ) {
    super(message);
  }
}

async function getEnvelope<T>(url: string, headers?: HeadersInit): Promise<T> {
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { code: number; message: string; data: T };
  if (!res.ok) throw new EnvelopeError(res.status, body.message, body.data);
  return body.data;
}

function Card({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <section aria-labelledby={`${testId}-title`} data-testid={testId} className="rounded-xl bg-white p-5 shadow-card">
      <h2 id={`${testId}-title`} className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Badge({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        ok ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-600/20' : 'bg-rose-50 text-rose-800 ring-1 ring-rose-600/20'
      }`}
    >
      <span aria-hidden className={`h-1.5 w-1.5 rounded-full ${ok ? 'bg-emerald-600' : 'bg-rose-600'}`} />
      {children}
    </span>
  );
}

/** Tenant and system health, fetched through the same API that clients call. */
export function StatusOverview({ tenantId }: { tenantId: string | null }) {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: () => getEnvelope<Health>('/api/health'),
    refetchInterval: 15_000,
  });
  const tenant = useQuery({
    queryKey: ['tenant', tenantId],
    queryFn: () => getEnvelope<PublicTenant>('/api/v2.1/tenant', { 'X-Tenant-ID': tenantId! }),
    enabled: Boolean(tenantId),
  });

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card title="Tenant" testId="tenant-card">
        {!tenantId ? (
          <p className="text-ink-muted">
            No tenant yet. Create one with <code className="font-mono">npm run tenant:create</code>.
          </p>
        ) : tenant.isPending ? (
          <p className="text-ink-muted">Loading…</p>
        ) : tenant.isError ? (
          <p role="alert" className="text-rose-700">
            {tenant.error.message}
          </p>
        ) : (
          <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
            <dt className="text-ink-muted">Name</dt>
            <dd className="font-medium" data-testid="tenant-name">
              {tenant.data.name}
            </dd>
            <dt className="text-ink-muted">Status</dt>
            <dd>
              <Badge ok={tenant.data.status === 'ACTIVE'}>{tenant.data.status}</Badge>
            </dd>
            <dt className="text-ink-muted">Tenant ID</dt>
            <dd className="break-all font-mono text-xs">{tenant.data.id}</dd>
          </dl>
        )}
      </Card>
      <Card title="System health" testId="health-card">
        {health.isPending ? (
          <p className="text-ink-muted">Checking…</p>
        ) : health.isError ? (
          <p role="alert">
            <Badge ok={false}>Database unreachable</Badge>
          </p>
        ) : (
          <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
            <dt className="text-ink-muted">Database</dt>
            <dd data-testid="health-status">
              <Badge ok={health.data.database.reachable}>{health.data.database.reachable ? 'Reachable' : 'Unreachable'}</Badge>
            </dd>
            <dt className="text-ink-muted">Driver</dt>
            <dd>{health.data.database.driver === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'}</dd>
            <dt className="text-ink-muted">Latency</dt>
            <dd>{health.data.database.latencyMs} ms</dd>
            <dt className="text-ink-muted">Version</dt>
            <dd>{health.data.version}</dd>
          </dl>
        )}
      </Card>
    </div>
  );
}
