'use client';

import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { FormAlert, Section } from '@/components/ui/page-header';
import { amlSearchBodySchema, amlSearchResultSchema } from '@/lib/contract/aml';
import { apiFetch } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';
import { CountryPicker, EntryFacts, MatchExplanation, score } from './aml-ui';

type Result = z.infer<typeof amlSearchResultSchema>;
const optional = { setValueAs: (v: unknown) => (v === '' || v === null ? undefined : v) };
const TYPES = [
  { value: 'PERSON', label: 'Person' },
  { value: 'ORGANIZATION', label: 'Organization' },
];

/** Ad hoc search: a name (with type, birth date, countries) against every list in force; ranked hits with the same explanation as an alert. Records nothing. */
export function AmlSearch() {
  const [result, setResult] = useState<Result | null>(null);
  const { form, alert, submit, errors, pending } = useContractForm(amlSearchBodySchema, { name: '', countries: [] }, async (values) => {
    setResult(await apiFetch<Result>('/api/v2.1/aml/search', { method: 'POST', json: values }));
  });
  return (
    <div className="space-y-6">
      <form method="post" onSubmit={submit} noValidate className="grid gap-3 rounded-xl bg-white p-4 shadow-card sm:grid-cols-2" aria-label="Search the lists">
        <div className="sm:col-span-2">
          <FormAlert messages={alert} />
        </div>
        <Field label="Name" className="sm:col-span-2" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <SelectField label="Type" options={TYPES} placeholder="Unknown (type neither filters nor scores)" error={errors.entityType?.message} {...form.register('entityType', optional)} />
        <Field label="Date or year of birth (optional)" placeholder="1980-05-31 or 1980" error={errors.birthDate?.message} {...form.register('birthDate', optional)} />
        <Controller
          control={form.control}
          name="countries"
          render={({ field }) => (
            <CountryPicker
              label="Countries (optional)"
              value={field.value ?? []}
              onChange={field.onChange}
              max={10}
              hint="Nationality, residence or registration: a country in common raises the score."
              error={errors.countries?.message ?? errors.countries?.[0]?.message}
            />
          )}
        />
        <Field
          label="Threshold (optional)"
          inputMode="decimal"
          placeholder="the tenant's threshold"
          hint="0.5 to 1: hits scoring less are not shown."
          error={errors.threshold?.message}
          {...form.register('threshold', optional)}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={pending}>
            {pending ? 'Searching…' : 'Search'}
          </Button>
        </div>
      </form>
      {result ? (
        <Section title={`${result.hits.length} ${result.hits.length === 1 ? 'hit' : 'hits'} at or above ${score(result.threshold)}`} id="aml-search-results">
          <p className="mb-3 text-sm text-ink-muted" data-testid="searched-lists">
            Searched: {result.listVersions.length ? result.listVersions.map((v) => `${v.listName} (version ${v.versionNo}, ${v.names} names)`).join('; ') : 'no list has a version in force'}
          </p>
          {result.hits.length === 0 ? <p className="text-sm">Nothing scores at or above the threshold.</p> : null}
          <ol className="space-y-4" data-testid="search-hits">
            {result.hits.map((h, i) => (
              <li key={h.entry.id} className="grid gap-4 rounded-lg p-3 ring-1 ring-slate-200 lg:grid-cols-2 [&>*]:min-w-0" aria-label={`Hit ${i + 1}: ${h.entry.primaryName}`}>
                <div>
                  <h3 className="mb-2 font-semibold text-ink">
                    {i + 1}. {h.entry.primaryName}
                  </h3>
                  <EntryFacts entry={h.entry} matchedName={h.matchedName} />
                </div>
                <MatchExplanation hit={h} threshold={result.threshold} testId="search-explanation" />
              </li>
            ))}
          </ol>
        </Section>
      ) : null}
    </div>
  );
}
