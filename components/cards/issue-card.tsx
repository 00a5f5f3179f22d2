'use client';

import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { CountryField } from '@/components/reference-data/reference-selects';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { FormAlert } from '@/components/ui/page-header';
import { CARD_OPERATIONS } from '@/lib/contract/card-operations';
import { CURRENCIES } from '@/lib/contract/money';
import { cardCall, type CardData } from '@/lib/ui/card-api';
import { useContractForm } from '@/lib/ui/use-contract-form';

/**
 * "Issue a card" on the customer page: the card gateway's own operations, through the panel card
 * token like every card screen (lib/ui/card-api.ts): `cardholder/create` for a new cardholder (or
 * one of the customer's existing cardholders), then `card/apply`. The form is validated with those
 * operations' schemas (the contract's table), a review step restates what will be issued before
 * anything is sent, and the answer shows the new card masked (the gateway masks every number).
 * One pair of idempotency keys per opening of the dialog: a retry after an error, or a double
 * click, issues one card.
 */

const holderBody = CARD_OPERATIONS['cardholder/create'].body.omit({ customerId: true, idempotencyKey: true });
const applyShape = CARD_OPERATIONS['card/apply'].body.shape;
export const NEW_CARDHOLDER = 'new';
/** A person of the customer (an organization's representative or owner) who is not a cardholder yet: a new cardholder filled from them. */
const PERSON = 'person:';
const createsHolder = (choice: string) => choice === NEW_CARDHOLDER || choice.startsWith(PERSON);

export const issueCardFormSchema = z
  .object({
    cardholderId: z.string(),
    holder: z.unknown(),
    currency: applyShape.currency,
    nickname: applyShape.nickname,
  })
  .superRefine((values, ctx) => {
    if (!createsHolder(values.cardholderId)) return;
    const parsed = holderBody.safeParse(values.holder);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['holder', ...issue.path] });
  });

type HolderValues = z.input<typeof holderBody>;
type FormValues = { cardholderId: string; holder: HolderValues; currency: string; nickname?: string };
export type ExistingHolder = { cardholderId: string; name: string };
export type CardholderCandidate = { id: string; name: string; role: string; defaults: HolderDefaults };
export type HolderDefaults = Partial<Omit<HolderValues, 'billingAddress'>> & { billingAddress?: Partial<HolderValues['billingAddress']> };

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export function IssueCardDialog({
  open,
  onClose,
  customerId,
  customerName,
  holders,
  defaults,
  people = [],
}: {
  open: boolean;
  onClose: () => void;
  customerId: string;
  customerName: string;
  holders: ExistingHolder[];
  defaults: HolderDefaults;
  /** an organization's representatives and owners, offered as new cardholders */
  people?: CardholderCandidate[];
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Issue a card">
      {open ? <IssueCardForm onClose={onClose} customerId={customerId} customerName={customerName} holders={holders} defaults={defaults} people={people} /> : null}
    </Dialog>
  );
}

function IssueCardForm({
  onClose,
  customerId,
  customerName,
  holders,
  defaults,
  people,
}: {
  onClose: () => void;
  customerId: string;
  customerName: string;
  holders: ExistingHolder[];
  defaults: HolderDefaults;
  people: CardholderCandidate[];
}) {
  const { tenantId } = useCurrentUser();
  const client = useQueryClient();
  // one attempt per opening of the dialog (the form is mounted only while it is open)
  const [attempt] = useState(() => crypto.randomUUID());
  const [review, setReview] = useState(false);
  const [issued, setIssued] = useState<CardData<'card/apply'> | null>(null);
  const stage = useRef<'holder' | 'card'>('card');
  const candidates = people.filter((p) => !holders.some((h) => h.name === p.name));
  // an existing cardholder first, else the organization's first representative, else someone new
  const first = holders[0] ? null : candidates[0];
  const start = first?.defaults ?? defaults;
  const initial: FormValues = {
    cardholderId: holders[0]?.cardholderId ?? (first ? `${PERSON}${first.id}` : NEW_CARDHOLDER),
    holder: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      dateOfBirth: '',
      ...start,
      billingAddress: { line1: '', line2: '', city: '', postalCode: '', country: '', ...start.billingAddress },
    } as HolderValues,
    currency: 'EUR',
    nickname: '',
  };
  const { form, alert, submit, errors, pending } = useContractForm(
    issueCardFormSchema as unknown as z.ZodType<FormValues, FormValues>,
    initial,
    async (values) => {
      if (!review) {
        setReview(true);
        return;
      }
      try {
        let cardholderId = values.cardholderId;
        if (createsHolder(cardholderId)) {
          stage.current = 'holder';
          const holder = holderBody.parse(values.holder);
          cardholderId = (await cardCall(tenantId, 'cardholder/create', { ...holder, customerId, idempotencyKey: `issue-${attempt}-holder` })).cardholderId;
        }
        stage.current = 'card';
        const card = await cardCall(tenantId, 'card/apply', { cardholderId, currency: values.currency as never, nickname: values.nickname, idempotencyKey: `issue-${attempt}-card` });
        await client.invalidateQueries({ queryKey: ['cards'] });
        setIssued(card);
      } catch (error) {
        setReview(false);
        throw error;
      }
    },
    // the gateway names fields of the operation's body; the holder's sit under `holder.` in this form
    { mapField: (path) => (stage.current === 'holder' ? `holder.${path}` : path === 'currency' || path === 'nickname' ? path : undefined) },
  );

  if (issued) {
    return (
      <div className="space-y-4" data-testid="issued-card">
        <p role="status" className="text-sm">
          Card issued for {customerName}. It stays inactive until the cardholder activates it with a one-time code.
        </p>
        <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-ink-muted">Number</dt>
          <dd className="font-mono">{issued.cardNo}</dd>
          <dt className="text-ink-muted">Status</dt>
          <dd>
            <Badge status={issued.status} />
          </dd>
          <dt className="text-ink-muted">Currency</dt>
          <dd>{issued.currency}</dd>
        </dl>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Done
          </Button>
          <Link href={`/cards/${issued.cardId}`} className="inline-flex items-center rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Open card page
          </Link>
        </div>
      </div>
    );
  }

  const values = form.watch();
  const isNew = createsHolder(values.cardholderId);
  const he = (errors.holder ?? {}) as Record<string, { message?: string } | Record<string, { message?: string }>>;
  const hm = (k: keyof HolderValues) => (he[k] as { message?: string } | undefined)?.message;
  const am = (k: string) => ((he.billingAddress ?? {}) as Record<string, { message?: string }>)[k]?.message;
  const reg = (name: Parameters<typeof form.register>[0]) => form.register(name, { setValueAs: blankToUndefined });
  const holderName = isNew ? `${values.holder.firstName} ${values.holder.lastName}` : (holders.find((h) => h.cardholderId === values.cardholderId)?.name ?? '');

  return (
    <form method="post" onSubmit={submit} noValidate aria-label="Issue a card" className="space-y-3">
      <FormAlert messages={alert} />
      {review ? (
        <div className="space-y-3" data-testid="issue-review">
          <p className="text-sm">
            Issue a virtual <strong>{values.currency}</strong> card{values.nickname ? ` (“${values.nickname}”)` : ''} to <strong>{holderName}</strong> for customer{' '}
            <strong>{customerName}</strong>?
          </p>
          <p className="text-sm text-ink-muted">{isNew ? 'A new cardholder is created first. ' : ''}The card is issued inactive; the cardholder activates it with a one-time code.</p>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setReview(false)}>
              Back
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Issuing…' : 'Issue card'}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <SelectField
            label="Cardholder"
            options={[
              ...holders.map((h) => ({ value: h.cardholderId, label: h.name })),
              ...candidates.map((p) => ({ value: `${PERSON}${p.id}`, label: `${p.name} (${p.role}, new cardholder)` })),
              { value: NEW_CARDHOLDER, label: 'A new cardholder' },
            ]}
            error={errors.cardholderId?.message}
            {...form.register('cardholderId', {
              // a representative chosen: the new cardholder's fields start from what the customer record says of them
              onChange: (e: { target: { value: string } }) => {
                const person = candidates.find((p) => `${PERSON}${p.id}` === e.target.value);
                const from = person?.defaults ?? (e.target.value === NEW_CARDHOLDER ? defaults : null);
                if (!from) return;
                const blank = { firstName: '', lastName: '', email: '', phone: '', dateOfBirth: '' };
                form.setValue('holder', { ...blank, ...from, billingAddress: { line1: '', line2: '', city: '', postalCode: '', country: '', ...from.billingAddress } } as HolderValues);
              },
            })}
          />
          {isNew ? (
            <fieldset className="grid gap-3 rounded-md p-3 ring-1 ring-slate-200 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium">New cardholder</legend>
              <Field label="First name" autoComplete="off" error={hm('firstName')} {...reg('holder.firstName')} />
              <Field label="Last name" autoComplete="off" error={hm('lastName')} {...reg('holder.lastName')} />
              <Field label="Email" type="email" autoComplete="off" error={hm('email')} {...reg('holder.email')} />
              <Field label="Phone" type="tel" autoComplete="off" hint="international format, e.g. +4915112345678" error={hm('phone')} {...reg('holder.phone')} />
              <Field label="Date of birth" type="date" error={hm('dateOfBirth')} {...reg('holder.dateOfBirth')} />
              <Field label="Billing address" autoComplete="off" error={am('line1')} {...reg('holder.billingAddress.line1')} />
              <Field label="Address line 2 (optional)" autoComplete="off" error={am('line2')} {...reg('holder.billingAddress.line2')} />
              <Field label="City" autoComplete="off" error={am('city')} {...reg('holder.billingAddress.city')} />
              <Field label="Postal code" autoComplete="off" error={am('postalCode')} {...reg('holder.billingAddress.postalCode')} />
              <CountryField label="Country (ISO code)" optional error={am('country')} control={form.control} name="holder.billingAddress.country" />
            </fieldset>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField label="Currency" options={CURRENCIES.map((c) => ({ value: c, label: c }))} error={errors.currency?.message} {...form.register('currency')} />
            <Field label="Nickname (optional)" autoComplete="off" error={errors.nickname?.message} {...reg('nickname')} />
          </div>
          <DialogActions onCancel={onClose} pending={pending} label="Review…" />
        </>
      )}
    </form>
  );
}
