'use client';

import { Badge } from '@/components/ui/badge';
import { Section } from '@/components/ui/page-header';
import { label, useCustomer } from './use-customer';

/** The customer's documents (metadata only; the content is read in the review case). */
export function CustomerDocumentsSection({ customerId }: { customerId: string }) {
  const { data: c } = useCustomer(customerId);
  if (!c) return null;
  return (
    <Section title="Documents">
      {c.documents.length === 0 ? (
        <p className="text-sm text-ink-muted">No documents.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {c.documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {label(d.documentType)} {d.documentNumber ? `· ${d.documentNumber}` : ''} · {d.mimeType} · {Math.ceil(d.sizeBytes / 1024)} KiB
              </span>
              <Badge status={d.status} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
