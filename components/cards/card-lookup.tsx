'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/page-header';
import { CARD_OPERATIONS } from '@/lib/contract/card-operations';
import { maskPan } from '@/lib/ui/card-api';
import { CardView } from './card-view';

const lookupSchema = CARD_OPERATIONS['card/info'].body;

/**
 * Card lookup by the full number: typed once, masked as soon as it is submitted and kept only in this
 * component's memory (never in the URL, a query key or storage). The card itself is CardView.
 */
export function CardLookup({ sandboxTools = true }: { sandboxTools?: boolean }) {
  // the number lives only in this state (memory): not in the URL, a query key, storage or the DOM
  const [lookup, setLookup] = useState<{ id: number; masked: string; pan: string } | null>(null);
  const [alert, setAlert] = useState<string[]>([]);
  const form = useForm<z.input<typeof lookupSchema>>({ resolver: zodResolver(lookupSchema), defaultValues: { cardNo: '' } });

  const submit = form.handleSubmit(({ cardNo }) => {
    setAlert([]);
    setLookup((previous) => ({ id: (previous?.id ?? 0) + 1, masked: maskPan(cardNo), pan: cardNo }));
    form.reset({ cardNo: '' });
  });
  return (
    <div className="space-y-6">
      <form method="post" onSubmit={submit} noValidate role="search" aria-label="Card lookup" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-card">
        <Field
          label="Card number"
          className="min-w-64 flex-1"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={lookup ? `${lookup.masked} — type another number to search again` : 'card number or card ID'}
          error={form.formState.errors.cardNo?.message}
          {...form.register('cardNo', { setValueAs: (v: string) => (/^[\d\s-]+$/.test(v) ? v.replace(/[\s-]/g, '') : v.trim()) })}
        />
        <Button type="submit">Look up</Button>
        <FormAlert messages={alert} />
      </form>
      {lookup ? (
        <p className="text-sm text-ink-muted" data-testid="searched">
          Card <span className="font-mono">{lookup.masked}</span>
        </p>
      ) : null}
      {lookup ? <CardView key={lookup.id} cardRef={lookup.pan} keyId={`lookup-${lookup.id}`} sandboxTools={sandboxTools} /> : null}
    </div>
  );
}
