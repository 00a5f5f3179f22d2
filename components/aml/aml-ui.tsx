'use client';

import { useId, useState } from 'react';
import { Badge, type Tone } from '@/components/ui/badge';
import { controlClass } from '@/components/ui/input';
import {
  AML_ALERT_KIND_LABELS,
  AML_ALERT_STATUS_LABELS,
  AML_DECISION_LABELS,
  AML_ENTITY_TYPE_LABELS,
  AML_REASON_LABELS,
  AML_RULE_ACTION_LABELS,
  type AmlAlert,
  type AmlAlertStatus,
  type AmlDecision,
  type AmlEntry,
  type ScreeningHitView,
} from '@/lib/contract/aml';
import { COUNTRIES, countryName } from '@/lib/ui/countries';

/**
 * What the AML screens share (docs/admin-app.md, "AML screens"): statuses and kinds in words, the
 * alert's age, the matching explanation (one component for the alert page and the ad hoc search),
 * the list entry and the screened subject as facts, the country picker and the alert timeline.
 */

const STATUS_TONES: Record<AmlAlertStatus, Tone> = {
  OPEN: 'warn',
  IN_REVIEW: 'info',
  ESCALATED: 'warn',
  PENDING_SECOND_APPROVAL: 'info',
  CONFIRMED: 'bad',
  FALSE_POSITIVE: 'good',
  CLEARED: 'good',
  RELEASED: 'good',
  REFUSED: 'bad',
  CLOSED: 'neutral',
};

export function AlertStatusBadge({ status }: { status: AmlAlertStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{AML_ALERT_STATUS_LABELS[status]}</Badge>;
}

export const kindLabel = (kind: AmlAlert['kind']) => AML_ALERT_KIND_LABELS[kind];
export const decisionLabel = (d: AmlDecision | null) => (d ? AML_DECISION_LABELS[d] : '—');
export const reasonLabel = (r: keyof typeof AML_REASON_LABELS | null) => (r ? AML_REASON_LABELS[r] : '—');
export const actionLabel = (a: keyof typeof AML_RULE_ACTION_LABELS) => AML_RULE_ACTION_LABELS[a];
export const entityLabel = (t: string | null | undefined) => (t ? (AML_ENTITY_TYPE_LABELS[t as keyof typeof AML_ENTITY_TYPE_LABELS] ?? t) : 'Unknown');
export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '—');

/** An alert's age since it was raised, its SLA: "under 1 h", "5 h", "3 days 2 h". */
export function ageText(hours: number): string {
  if (hours < 1) return 'under 1 h';
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} days${rest ? ` ${rest} h` : ''}`;
}

/** 0.934 → "0.93" (two decimals are what an officer reads; the API keeps three). */
export const score = (s: number | string | null) => (s === null ? '—' : Number(s).toFixed(2));
const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n).toFixed(2)}`;

const FIELD_LABELS: Record<ScreeningHitView['contributions'][number]['field'], string> = { name: 'Name', birthDate: 'Date of birth', country: 'Country', entityType: 'Type of party' };
const NAME_KIND_LABELS: Record<AmlEntry['names'][number]['kind'], string> = { PRIMARY: 'Primary name', AKA: 'Also known as', FKA: 'Formerly known as', NKA: 'Now known as' };

/** Facts as a definition list that stacks on a phone. */
export function Facts({ items, testId }: { items: [string, React.ReactNode][]; testId?: string }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]" data-testid={testId}>
      {items.map(([k, v], i) => (
        <div key={`${k}-${i}`} className="contents">
          <dt className="pt-1 text-ink-muted sm:pt-0">{k}</dt>
          <dd className="break-words font-medium text-ink [overflow-wrap:anywhere]">{v === null || v === undefined || v === '' ? '—' : v}</dd>
        </div>
      ))}
    </dl>
  );
}

const countries = (codes: readonly string[] | undefined) => (codes?.length ? codes.map(countryName).join(', ') : null);

/** The subject as it was screened: name, type, birth date, countries. */
export function SubjectFacts({ subject, testId }: { subject: { name: string; entityType: string | null; birthDate?: string | null; countries?: string[] }; testId?: string }) {
  return (
    <Facts
      testId={testId}
      items={[
        ['Name', subject.name],
        ['Type', entityLabel(subject.entityType)],
        ['Date of birth', subject.birthDate ?? null],
        ['Countries', countries(subject.countries)],
      ]}
    />
  );
}

const birthDate = (b: AmlEntry['birthDates'][number]) => (b.date ? b.date : b.fromYear === b.toYear ? String(b.fromYear) : `${b.fromYear}–${b.toYear}`) + (b.circa ? ' (circa)' : '');

/** A list entry: every name with its kind (weak aliases marked), birth dates, countries, programs, remarks, details. */
export function EntryFacts({ entry, matchedName, testId }: { entry: AmlEntry; matchedName?: string; testId?: string }) {
  return (
    <div className="space-y-3" data-testid={testId}>
      <Facts
        items={[
          ['List', entry.listName],
          [
            'Entry id',
            <span key="id" className="font-mono">
              {entry.sourceId}
            </span>,
          ],
          ['Type', entityLabel(entry.entityType)],
          [
            'Names',
            <ul key="names" className="space-y-0.5">
              {entry.names.map((n, i) => (
                <li key={`${n.name}-${i}`}>
                  <span className={n.name === matchedName ? 'rounded bg-amber-100 px-1' : ''}>{n.name}</span>{' '}
                  <span className="text-xs font-normal text-ink-muted">
                    {NAME_KIND_LABELS[n.kind]}
                    {n.weak ? ', weak alias (screened more strictly)' : ''}
                    {n.name === matchedName ? ', the name that matched' : ''}
                  </span>
                </li>
              ))}
            </ul>,
          ],
          ['Date of birth', entry.birthDates.length ? entry.birthDates.map(birthDate).join('; ') : null],
          ['Countries', countries(entry.countries)],
          ['Programs', entry.programs.join(', ') || null],
          ['Remarks', entry.remarks],
          ...Object.entries(entry.details).map(([k, v]) => [k, v.join('; ')] as [string, string]),
          ...(entry.removed
            ? ([
                [
                  'Status',
                  <Badge key="removed" tone="neutral">
                    Removed from the list since
                  </Badge>,
                ],
              ] as [string, React.ReactNode][])
            : []),
        ]}
      />
    </div>
  );
}

/** Why the machine thinks so: the score, the aligned name tokens with their similarity, each field's part. */
export function MatchExplanation({ hit, threshold, testId = 'match-explanation' }: { hit: ScreeningHitView; threshold?: string | null; testId?: string }) {
  return (
    <div className="space-y-3 text-sm" data-testid={testId}>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-semibold tabular-nums text-ink">{score(hit.score)}</span>
        <span className="text-ink-muted">
          match score (0 to 1){threshold ? `, alerts from ${score(threshold)}` : ''}; best name: <strong className="text-ink">{hit.matchedName}</strong> (
          {NAME_KIND_LABELS[hit.matchedNameKind].toLowerCase()})
        </span>
      </p>
      <div>
        <h4 className="mb-1 font-medium text-ink">Name tokens compared</h4>
        <ul className="grid gap-1 sm:grid-cols-2" data-testid="match-tokens">
          {hit.tokens.map((t, i) => (
            <li key={`${t.subject}-${i}`} className="flex flex-wrap items-center justify-between gap-x-2 rounded bg-slate-50 px-2 py-1">
              <span>
                {t.subject} <span aria-hidden>↔</span>
                <span className="sr-only">compared with</span> {t.entry ?? <em className="text-ink-muted">no counterpart</em>}
              </span>
              <span className="tabular-nums text-ink-muted">similarity {score(t.similarity)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="mb-1 font-medium text-ink">What each field did</h4>
        <ul className="space-y-1" data-testid="match-contributions">
          {hit.contributions.map((c) => (
            <li key={c.field} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 sm:grid-cols-[7.5rem_3.5rem_minmax(0,1fr)]">
              <span className="font-medium">{FIELD_LABELS[c.field]}</span>
              <span className={`text-right tabular-nums ${c.field === 'name' ? 'text-ink' : c.effect > 0 ? 'text-emerald-700' : c.effect < 0 ? 'text-rose-700' : 'text-ink-muted'}`}>
                {c.field === 'name' ? score(c.effect) : signed(c.effect)}
              </span>
              <span className="col-span-2 text-ink-muted [overflow-wrap:anywhere] sm:col-span-1">{c.detail}</span>
            </li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-ink-muted">The name gives the base score; date of birth, country and type raise or lower it.</p>
      </div>
    </div>
  );
}

/** Countries chosen one by one from a list of names (codes are what the API takes), each removable. */
export function CountryPicker({
  label,
  value,
  onChange,
  error,
  hint,
  max,
}: {
  label: string;
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string;
  hint?: string;
  max?: number;
}) {
  const id = useId();
  const [pick, setPick] = useState('');
  const full = max !== undefined && value.length >= max;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex gap-2">
        <select
          id={id}
          value={pick}
          disabled={full}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined}
          className={controlClass(Boolean(error))}
          onChange={(e) => {
            const code = e.target.value;
            setPick('');
            if (code && !value.includes(code)) onChange([...value, code]);
          }}
        >
          <option value="">{full ? `At most ${max}` : 'Add a country…'}</option>
          {COUNTRIES.filter(([code]) => !value.includes(code)).map(([code, name]) => (
            <option key={code} value={code}>
              {name} ({code})
            </option>
          ))}
        </select>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {value.length ? (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`${label}: chosen`}>
          {value.map((code) => (
            <li key={code} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-2.5 pr-1 text-xs font-medium text-ink">
              {countryName(code)}
              <button
                type="button"
                className="rounded-full px-1.5 text-ink-muted hover:bg-slate-200 hover:text-ink"
                aria-label={`Remove ${countryName(code)}`}
                onClick={() => onChange(value.filter((c) => c !== code))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs font-medium text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
