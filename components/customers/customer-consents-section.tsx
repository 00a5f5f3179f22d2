'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Section } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { CONSENT_SLUGS } from '@/lib/contract/onboarding';
import { apiFetch, errorMessage } from '@/lib/ui/fetcher';
import { customerBase, label, useCustomer, when } from './use-customer';

const SLUG_OF = Object.fromEntries(Object.entries(CONSENT_SLUGS).map(([slug, type]) => [type, slug])) as Record<string, string>;

/** Where a consent was given, in words. */
const CHANNEL_WORDS: Record<string, string> = { REGISTRATION: 'at registration', PANEL: 'in the panel', API: 'through the API' };

/** The onboarding consents (current state with an accept button, and the history with proof). */
/**
 * Where a consent was given from: the address the server saw (trusted) and, when it differs, the one
 * the request claimed (the left-most X-Forwarded-For entry, which any client can write).
 */
function fromWhere(seen: string | null, claimed: string | null): string {
  if (seen && claimed && claimed !== seen) return `from ${seen} (claimed ${claimed})`;
  if (seen ?? claimed) return `from ${seen ?? claimed}${seen ? '' : ' (claimed)'}`;
  return '';
}

export function CustomerConsentsSection({ customerId }: { customerId: string }) {
  const { data: c } = useCustomer(customerId);
  const client = useQueryClient();
  const toast = useToast();
  const consent = useMutation({
    mutationFn: (path: string) => apiFetch(path, { method: 'POST', json: {} }),
    onSuccess: async () => {
      toast('success', 'Consent recorded');
      await Promise.all([client.invalidateQueries({ queryKey: ['customer', customerId] }), client.invalidateQueries({ queryKey: ['customers'] })]);
    },
    onError: (e) => toast('error', errorMessage(e)),
  });
  if (!c) return null;
  const base = customerBase(c);
  const again = new Map(c.consents.reconsentRequired.map((r) => [r.consentType, r]));
  return (
    <Section title="Consents">
      {c.consents.reconsentRequired.length ? (
        <p role="status" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="reconsent-notice">
          A new version of {c.consents.reconsentRequired.map((r) => label(r.consentType)).join(', ')} is in force: the customer must accept it again before activation.
        </p>
      ) : null}
      <ul className="space-y-2 text-sm" data-testid="consents">
        {c.consents.current.map((s) => (
          <li key={s.consentType} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {label(s.consentType)} {s.version ? <span className="text-ink-muted">v{s.version}</span> : null}
            </span>
            <span className="flex flex-wrap items-center gap-2">
              <Badge status={s.status} />
              {again.has(s.consentType) ? <Badge tone="warn">Must accept version {again.get(s.consentType)!.versionInForce}</Badge> : null}
              {s.status !== 'ACCEPTED' || again.has(s.consentType) ? (
                <Button variant="secondary" disabled={consent.isPending} onClick={() => consent.mutate(`${base}/consents/${SLUG_OF[s.consentType]}`)}>
                  {again.has(s.consentType) ? `Accept version ${again.get(s.consentType)!.versionInForce}` : 'Accept'}
                  <span className="sr-only"> {label(s.consentType)}</span>
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">History ({c.consents.history.length})</summary>
        <ol className="mt-2 space-y-1">
          {c.consents.history.map((h) => (
            <li key={h.id}>
              {when(h.createdAt)} · {label(h.consentType)} v{h.version} <Badge status={h.status} /> {h.channel ? `${CHANNEL_WORDS[h.channel]} ` : ''}
              {fromWhere(h.clientIp, h.ipAddress)}
              {h.textSha256 ? <span className="block break-all text-xs text-ink-muted">text SHA-256 {h.textSha256}</span> : null}
            </li>
          ))}
        </ol>
      </details>
    </Section>
  );
}
