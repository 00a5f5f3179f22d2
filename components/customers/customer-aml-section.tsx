'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CustomerAmlAlerts } from '@/components/aml/customer-alerts';
import { entityLabel, score } from '@/components/aml/aml-ui';
import { useCurrentUser } from '@/components/shell/user-context';
import { Button } from '@/components/ui/button';
import { FormAlert, QueryError, Section } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { AML_SCREENING_TRIGGER_LABELS, AML_SUBJECT_TYPE_LABELS, type amlScreeningRunSchema, type amlScreeningSchema } from '@/lib/contract/aml';
import { apiFetch, errorMessage } from '@/lib/ui/fetcher';
import type { z } from 'zod';
import { SectionLink, when } from './use-customer';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
type Screening = z.infer<typeof amlScreeningSchema>;
type Run = z.infer<typeof amlScreeningRunSchema>;

/**
 * AML screening on the customer 360 (aml:read): the customer's alerts and its latest screenings
 * (customer, representatives and owners, beneficiaries), and "Screen now" (aml:screen) with a summary
 * of what it found.
 */
export function CustomerAmlSection({ customerId }: { customerId: string }) {
  const me = useCurrentUser();
  const client = useQueryClient();
  const toast = useToast();
  const screenings = useQuery({
    queryKey: ['aml-screenings', customerId],
    queryFn: () => apiFetch<{ items: Screening[]; total: number }>(`/api/v2.1/aml/screenings?customerId=${customerId}&pageSize=10`),
    enabled: me.can('aml:read'),
  });
  const screen = useMutation({
    mutationFn: () => apiFetch<Run>('/api/v2.1/aml/screenings', { method: 'POST', json: { customerId } }),
    onSuccess: async (run) => {
      await Promise.all([client.invalidateQueries({ queryKey: ['aml-screenings', customerId] }), client.invalidateQueries({ queryKey: ['aml-alerts'] })]);
      toast('success', `Screened ${plural(run.screenings.length, 'subject')}: ${plural(run.alertIds.length, 'new alert')}`);
    },
  });
  if (!me.can('aml:read')) return null;
  const run = screen.data;
  return (
    <Section
      title="AML screening"
      id="customer-aml"
      actions={
        <span className="flex flex-wrap items-center gap-3">
          <SectionLink href={`/aml/alerts?customerId=${customerId}`}>Alert queue</SectionLink>
          {me.can('aml:screen') ? (
            <Button variant="secondary" className="px-3 py-1" disabled={screen.isPending} onClick={() => screen.mutate()}>
              {screen.isPending ? 'Screening…' : 'Screen now'}
            </Button>
          ) : null}
        </span>
      }
    >
      <div className="space-y-4">
        <FormAlert messages={screen.error ? [errorMessage(screen.error)] : []} />
        {run ? (
          <div role="status" className="rounded-md bg-slate-50 p-3 text-sm" data-testid="screening-result">
            <p className="font-medium">
              Screened just now: {plural(run.screenings.length, 'subject')},{' '}
              {plural(
                run.screenings.reduce((n, s) => n + s.hits, 0),
                'hit',
              )}
              , {plural(run.alertIds.length, 'new alert')}.
            </p>
            {run.alertIds.length === 0 && run.screenings.some((s) => s.hits > 0) ? <p className="text-ink-muted">Hits already raised before (or decided) are not raised again.</p> : null}
          </div>
        ) : null}
        <div>
          <h3 className="mb-1 text-sm font-semibold text-ink">Alerts</h3>
          <CustomerAmlAlerts customerId={customerId} />
        </div>
        <div>
          <h3 className="mb-1 text-sm font-semibold text-ink">Latest screenings</h3>
          {screenings.isPending ? <p className="text-sm text-ink-muted">Loading…</p> : null}
          <QueryError error={screenings.error} />
          {screenings.data && screenings.data.items.length === 0 ? <p className="text-sm text-ink-muted">Not screened yet.</p> : null}
          <ul className="divide-y divide-slate-100 text-sm" data-testid="customer-screenings">
            {screenings.data?.items.map((s) => (
              <li key={s.id} className="py-2">
                <p className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-medium">
                    {s.subject.name}{' '}
                    <span className="font-normal text-ink-muted">
                      ({AML_SUBJECT_TYPE_LABELS[s.subjectType].toLowerCase()}, {entityLabel(s.subject.entityType).toLowerCase()})
                    </span>
                  </span>
                  <span>{s.hits === 0 ? 'No hit' : `${s.hits} ${s.hits === 1 ? 'hit' : 'hits'}, best ${score(s.topScore)}`}</span>
                </p>
                <p className="text-xs text-ink-muted">
                  {AML_SCREENING_TRIGGER_LABELS[s.trigger]} · {when(s.createdAt)}
                  {s.screenedByName ? ` · by ${s.screenedByName}` : ''}
                  {s.alertsCreated ? ` · ${s.alertsCreated} new ${s.alertsCreated === 1 ? 'alert' : 'alerts'}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
