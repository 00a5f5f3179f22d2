'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DOC_STATUS, DocumentDetails, docLabel, type ReviewDocument } from '@/components/review/document-viewer';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Section } from '@/components/ui/page-header';
import type { CustomerDocuments } from '@/lib/contract/review';
import { apiFetch } from '@/lib/ui/fetcher';
import { customerBase, useCustomer } from './use-customer';

type Docs = CustomerDocuments;

/**
 * The customer's documents. Reviewers (the roles the content route admits) open each one in the
 * review's document viewer with its full metadata; others see the list.
 */
export function CustomerDocumentsSection({ customerId }: { customerId: string }) {
  const { data: c } = useCustomer(customerId);
  const reviewer = useCurrentUser().can('verification:review');
  // the same query (and cache entry) as the onboarding panel's document list
  const review = useQuery({
    queryKey: ['customer-documents', customerId],
    queryFn: () => apiFetch<Docs>(`${customerBase(c!)}/documents`),
    enabled: reviewer && !!c,
  });
  const [viewing, setViewing] = useState<ReviewDocument | null>(null);
  if (!c) return null;
  const verificationId = review.data?.verificationId;
  const full = new Map((review.data?.documents ?? []).map((d) => [d.id, d]));
  const title = (d: { documentType: string }) => `${docLabel(d.documentType)} of ${c.displayName}`;
  return (
    <Section title="Documents">
      {c.documents.length === 0 ? (
        <p className="text-sm text-ink-muted">No documents.</p>
      ) : (
        <ul className="space-y-2 text-sm" data-testid="customer-documents">
          {c.documents.map((d) => {
            const doc = full.get(d.id);
            return (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0">
                  {docLabel(d.documentType)} {d.documentNumber ? `· ${d.documentNumber}` : ''} · {Math.ceil(d.sizeBytes / 1024)} KiB
                  {doc?.expired ? <span className="font-semibold text-rose-700"> · expired</span> : null}
                  {doc?.supersededBy ? ' · replaced' : ''}
                </span>
                <span className="flex items-center gap-2">
                  <Badge status={d.status}>{DOC_STATUS[d.status] ?? d.status}</Badge>
                  {doc && verificationId ? (
                    <Button type="button" variant="secondary" className="px-2 py-1" onClick={() => setViewing(doc)}>
                      View<span className="sr-only"> {title(d)}</span>
                    </Button>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} title={viewing ? title(viewing) : 'Document'}>
        {viewing && verificationId ? (
          <div className="space-y-3" data-testid="document-dialog">
            <p className="flex flex-wrap gap-2">
              {viewing.expired ? <Badge tone="bad">Expired</Badge> : null}
              {viewing.supersededBy ? <Badge tone="neutral">Replaced</Badge> : null}
              <Badge status={viewing.status}>{DOC_STATUS[viewing.status]}</Badge>
            </p>
            <DocumentDetails d={viewing} verificationId={verificationId} title={title(viewing)} />
            <div className="flex justify-end">
              <Button type="button" variant="secondary" onClick={() => setViewing(null)}>
                Close
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </Section>
  );
}
