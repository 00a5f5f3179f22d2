'use client';

import { Section } from '@/components/ui/page-header';
import { actionLabel } from '@/lib/contract/review';
import { label, useCustomer, when } from './use-customer';

/** The customer's audit log, newest first, in a focusable scroll box. */
export function CustomerAuditSection({ customerId }: { customerId: string }) {
  const { data: c } = useCustomer(customerId);
  if (!c) return null;
  return (
    <Section title="Audit log">
      <ol className="max-h-80 space-y-1 overflow-y-auto text-sm" tabIndex={0} aria-label="Audit entries">
        {c.audit.map((a) => (
          <li key={a.id} className="flex flex-wrap gap-x-2">
            <span className="text-ink-muted">{when(a.createdAt)}</span>
            <span className="font-medium">{actionLabel(a.action)}</span>
            <span className="text-ink-muted">{label(a.entityType)}</span>
            <span>by {a.actorName ?? 'the system'}</span>
          </li>
        ))}
      </ol>
    </Section>
  );
}
