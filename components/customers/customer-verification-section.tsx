'use client';

import Link from 'next/link';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Section } from '@/components/ui/page-header';
import { actionLabel, REASON_CODE_LABELS, type ReasonCode } from '@/lib/contract/review';
import { useCustomer, when } from './use-customer';

/** The verification: its state (a link to the review case for reviewers) and its history. */
export function CustomerVerificationSection({ customerId }: { customerId: string }) {
  const { data: c } = useCustomer(customerId);
  const { can } = useCurrentUser();
  if (!c) return null;
  const reviewer = can('verification:review');
  return (
    <Section
      title="Verification"
      actions={
        reviewer && c.verification ? (
          <Link href={`/verifications/${c.verification.id}`} className="text-sm font-medium text-brand-700 hover:underline">
            Open review case
          </Link>
        ) : null
      }
    >
      <p className="mb-2 text-sm">
        Status: <Badge status={c.verification?.status ?? 'NOT_STARTED'} />
      </p>
      {c.verificationHistory.length === 0 ? (
        <p className="text-sm text-ink-muted" data-testid="verification-summary">
          {c.verification ? `Submitted ${when(c.verification.submittedAt)}; no reviewer has acted on it yet.` : 'No verification yet.'}
        </p>
      ) : (
        <ol className="space-y-1 text-sm">
          {c.verificationHistory.map((h) => (
            <li key={h.id}>
              {when(h.createdAt)} · {actionLabel(h.action)} → <Badge status={String((h.after as { status?: string } | null)?.status ?? '')} />
              {(h.after as { reasonCode?: string } | null)?.reasonCode ? (
                <span className="text-ink-muted"> ({REASON_CODE_LABELS[(h.after as { reasonCode: ReasonCode }).reasonCode] ?? (h.after as { reasonCode: string }).reasonCode})</span>
              ) : null}
              <span> by {h.actorName ?? 'the system'}</span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
