'use client';

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CONSENT_KIND_LABELS, type ConsentTextInForce } from '@/lib/contract/consent-templates';
import { apiFetch, errorMessage } from '@/lib/ui/fetcher';

/**
 * The consent texts in force of a tenant, as the wizards show them before asking (the public
 * GET /api/v2.1/consent-texts): what is accepted is exactly this version, whose SHA-256 the record keeps.
 * `children` (the wizards' checkboxes) appear only once the texts have loaded or failed to: a box is
 * never ticked before its text is on screen, and the texts arriving never move a box under the pointer.
 */
export function ConsentTextsInForce({ tenantId, children }: { tenantId: string; children?: ReactNode }) {
  const q = useQuery({
    queryKey: ['consent-texts', tenantId],
    queryFn: () => apiFetch<{ items: ConsentTextInForce[] }>('/api/v2.1/consent-texts', { headers: { 'X-Tenant-ID': tenantId } }),
    staleTime: 60_000,
  });
  if (!q.isError && !q.data) return <p className="text-sm text-ink-muted">Loading the texts…</p>;
  return (
    <>
      {q.isError ? (
        <p className="text-sm text-rose-700">The texts could not be loaded: {errorMessage(q.error)}</p>
      ) : (
        <ul className="space-y-1 text-sm" data-testid="consent-texts">
          {(q.data?.items ?? []).map((t) => (
            <li key={t.consentType}>
              <details>
                <summary className="cursor-pointer font-medium text-brand-700">
                  Read the {CONSENT_KIND_LABELS[t.consentType].toLowerCase()} (version {t.version})
                </summary>
                <div className="mt-1 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
                  <p className="font-semibold">{t.title}</p>
                  <p className="mt-1 whitespace-pre-wrap break-words">{t.body}</p>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      {children}
    </>
  );
}
