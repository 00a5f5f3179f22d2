'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryError, Section } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import type { reviewSettingsSchema } from '@/lib/contract/review';
import { apiFetch, errorMessage } from '@/lib/ui/fetcher';

type Settings = z.infer<typeof reviewSettingsSchema>;
type Key = keyof Settings;
const SETTINGS_URL = '/api/v2.1/verification-settings';

/** Each setting in words: its checkbox label, what it means, and what turning it on or off does. */
const SETTINGS: Record<Key, { label: string; hint: string; on: string; off: string }> = {
  twoApprovalsForOrganizations: {
    label: 'Organizations need two approvals',
    hint: 'Every organization (KYB) case is approved only after two different officers approved it.',
    on: 'Organization cases will need a second approval by a different officer.',
    off: 'Organization cases will be approved by a single officer.',
  },
  twoApprovalsForHighRisk: {
    label: 'High-risk cases need two approvals',
    hint: 'Cases the risk rules rate as high risk are approved only after two different officers approved them.',
    on: 'High-risk cases will need a second approval by a different officer.',
    off: 'High-risk cases will be approved by a single officer.',
  },
};
const KEYS = Object.keys(SETTINGS) as Key[];

/**
 * The tenant's review settings (four-eyes on approvals). Everyone who reviews sees them; only a
 * holder of verification:configure (the server's rule) changes them, after a confirmation that says what changes.
 */
export function ReviewSettingsForm() {
  const me = useCurrentUser();
  const admin = me.can('verification:configure');
  const client = useQueryClient();
  const toast = useToast();
  const q = useQuery({ queryKey: ['review-settings'], queryFn: () => apiFetch<Settings>(SETTINGS_URL) });
  const [draft, setDraft] = useState<Partial<Settings>>({});
  const [confirming, setConfirming] = useState(false);
  const current = q.data;
  const changed = current ? KEYS.filter((k) => draft[k] !== undefined && draft[k] !== current[k]) : [];
  const save = useMutation({
    mutationFn: () => apiFetch<Settings>(SETTINGS_URL, { method: 'PATCH', json: Object.fromEntries(changed.map((k) => [k, draft[k]])) }),
    onSuccess: async (s) => {
      client.setQueryData(['review-settings'], s);
      setDraft({});
      setConfirming(false);
      toast('success', 'Review settings saved');
      await client.invalidateQueries({ queryKey: ['verification'] });
    },
  });
  return (
    <Section title="Second approvals (four-eyes)">
      <QueryError error={q.error} />
      {q.isPending ? <p className="text-sm text-ink-muted">Loading…</p> : null}
      {current ? (
        admin ? (
          <form
            method="post"
            noValidate
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!changed.length) return;
              save.reset();
              setConfirming(true);
            }}
          >
            <fieldset className="space-y-3">
              <legend className="sr-only">Which cases need two approvals</legend>
              {KEYS.map((k) => (
                <div key={k} className="flex gap-3">
                  <input
                    id={k}
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 shrink-0"
                    aria-describedby={`${k}-hint`}
                    checked={draft[k] ?? current[k]}
                    onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.checked }))}
                  />
                  <div className="min-w-0 text-sm">
                    <label htmlFor={k} className="font-medium text-ink">
                      {SETTINGS[k].label}
                    </label>
                    <p id={`${k}-hint`} className="text-ink-muted">
                      {SETTINGS[k].hint}
                    </p>
                  </div>
                </div>
              ))}
            </fieldset>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={!changed.length}>
                Save settings
              </Button>
              {changed.length ? (
                <Button type="button" variant="secondary" onClick={() => setDraft({})}>
                  Discard changes
                </Button>
              ) : (
                <span className="text-sm text-ink-muted">No unsaved changes.</span>
              )}
            </div>
          </form>
        ) : (
          <div className="space-y-3 text-sm">
            <ul className="space-y-2">
              {KEYS.map((k) => (
                <li key={k} className="flex flex-wrap items-start justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block font-medium">{SETTINGS[k].label}</span>
                    <span className="block text-ink-muted">{SETTINGS[k].hint}</span>
                  </span>
                  <Badge tone={current[k] ? 'info' : 'neutral'}>{current[k] ? 'On' : 'Off'}</Badge>
                </li>
              ))}
            </ul>
            <p className="text-ink-muted">Only an administrator can change these settings.</p>
          </div>
        )
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Change the review settings?"
        confirmLabel="Save settings"
        variant="primary"
        pending={save.isPending}
        error={save.error ? errorMessage(save.error) : null}
        onClose={() => setConfirming(false)}
        onConfirm={() => save.mutate()}
      >
        <ul className="ml-5 list-disc space-y-1">
          {changed.map((k) => (
            <li key={k}>{draft[k] ? SETTINGS[k].on : SETTINGS[k].off}</li>
          ))}
        </ul>
        <p>Cases already waiting follow the new setting from their next approval on.</p>
      </ConfirmDialog>
    </Section>
  );
}
