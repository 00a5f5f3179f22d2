'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { CountryField } from '@/components/reference-data/reference-selects';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Checkbox, SelectField, TextareaField } from '@/components/ui/input';
import type { CustomerListItem } from '@/lib/contract/customers';
import { BUSINESS_TYPES, businessTypeLabel } from '@/lib/contract/enums';
import {
  ADDRESS_TYPES,
  companyStepSchema,
  MAX_TOTAL_OWNERSHIP,
  matchingPasswords,
  organizationAccountStepFields,
  organizationAddressesSchema,
  organizationAdminUserSchema,
  representativesSchema,
  activationStepSchema,
  consentStepSchema,
  organizationDocumentsStepSchema,
} from '@/lib/contract/onboarding';
import { humanize } from '@/lib/contract/category-parameters';
import { DOCUMENT_REQUIREMENTS, DOCUMENT_TYPE_LABELS, requiredDocumentsFor, type DocumentRequirement } from '@/lib/contract/review';
import { ApiClientError, apiFetch, toQuery } from '@/lib/ui/fetcher';
import { useDraftWizard } from '@/lib/ui/use-wizard';
import { restoreLocalDraft, useDraftAutosave } from '@/lib/ui/use-draft-autosave';
import { DraftSaveLine } from './draft-save-state';
import {
  ActivationFields,
  CategoryFields,
  categoryRows,
  ConsentFields,
  consentRow,
  DocumentSlotFields,
  optional,
  RegistrationFrame,
  ReviewList,
  useCategoryChoice,
  useCategoryRequirements,
  useDocumentSlotFiles,
  useRegistration,
} from './wizard-parts';

/**
 * Registration of an organization: company data, addresses, representatives (rows added and
 * removed, the ownership total shown as it is typed, at most 100%), the default administrator and a
 * review. The form's values have the shape of the registration body, so each step validates with
 * the contract's own schema and the server's `errors[].field` paths land on the fields unchanged.
 * A duplicate registration number is shown with a link to the existing organization's customer.
 */

const ORG = 'organizationCustomer.organization';
const inOrganization = (shape: z.ZodRawShape) => z.object({ organizationCustomer: z.object({ organization: z.object(shape) }) });
const adminUsernameSchema = organizationAdminUserSchema.pick({ username: true });
const STEPS = [
  {
    label: 'Company',
    schema: z.object({
      organizationCustomer: z.object({ organization: companyStepSchema }),
      categoryId: z.union([z.literal(''), z.uuid({ message: 'choose a category' })]).optional(),
      params: z.record(z.string(), z.string()).optional(),
    }),
    prefixes: [ORG, 'organizationCustomer.customerName', 'organizationCustomer.categorization', 'customerCategory', 'categoryId', 'params'],
  },
  { label: 'Addresses', schema: inOrganization({ addresses: organizationAddressesSchema }), prefixes: [`${ORG}.addresses`] },
  { label: 'Representatives', schema: inOrganization({ representatives: representativesSchema }), prefixes: [`${ORG}.representatives`] },
  {
    label: 'Administrator',
    schema: z.object({ ...organizationAccountStepFields, organizationCustomer: z.object({ user: adminUsernameSchema.optional() }) }).superRefine(matchingPasswords),
    prefixes: ['email', 'password', 'matchingPassword', 'organizationCustomer.user'],
  },
  { label: 'Documents', schema: z.object({ DOCUMENTS: organizationDocumentsStepSchema }), prefixes: ['DOCUMENTS'] },
  { label: 'Consents', schema: z.object({ CONSENT: consentStepSchema }), prefixes: ['CONSENT'] },
  { label: 'Activation', schema: z.object({ ACTIVATION: activationStepSchema }), prefixes: ['ACTIVATION'] },
  { label: 'Review', schema: z.object({}), prefixes: [] },
] as const;
const DOCUMENTS_STEP = 4;
/**
 * The Documents step offers one slot per requirement of the chosen category's process (the default
 * process without a category: the table the review applies, docs/category-processes.md), and for
 * REPRESENTATIVE_IDENTITY one slot per representative/owner (sent with its position).
 */
const ORG_REQUIREMENTS = requiredDocumentsFor('ORGANIZATION', null);
type Slot = { requirement: DocumentRequirement; label: string; representativeIndex?: number };
const slotsFor = (reps: { firstName?: string; lastName?: string }[], requirements: readonly DocumentRequirement[] = ORG_REQUIREMENTS): Slot[] => [
  ...requirements.filter((r) => r !== 'REPRESENTATIVE_IDENTITY').map((r) => ({ requirement: r, label: DOCUMENT_REQUIREMENTS[r].label })),
  ...(requirements.includes('REPRESENTATIVE_IDENTITY')
    ? reps.map((p, i) => ({
        requirement: 'REPRESENTATIVE_IDENTITY' as const,
        label: `Identity document of ${`${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || `representative ${i + 1}`}`,
        representativeIndex: i,
      }))
    : []),
];
const slotDocument = (s: Slot) => ({
  documentType: DOCUMENT_REQUIREMENTS[s.requirement].documentTypes[0],
  documentFile: '',
  ...(s.representativeIndex === undefined ? {} : { representativeIndex: s.representativeIndex }),
});
const REVIEW = STEPS.length - 1;

/** The whole form: the steps' schemas in the registration body's shape. */
export const organizationWizardSchema = z.object({
  ...organizationAccountStepFields,
  organizationCustomer: z.object({
    organization: companyStepSchema.extend({ addresses: organizationAddressesSchema, representatives: representativesSchema }),
    user: adminUsernameSchema.optional(),
  }),
  categoryId: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
  DOCUMENTS: organizationDocumentsStepSchema,
  CONSENT: consentStepSchema,
  ACTIVATION: activationStepSchema,
});
type Values = z.input<typeof organizationWizardSchema>;
type Representative = Values['organizationCustomer']['organization']['representatives'][number];
type Address = Values['organizationCustomer']['organization']['addresses'][number];

const NEW_ADDRESS: Address = { type: 'REGISTERED', street: '', city: '', country: '', isPrimary: false };
const NEW_REPRESENTATIVE: Representative = { firstName: '', lastName: '', isPrimaryOwner: false, ownershipShare: 0 };
const EMPTY: Values = {
  email: '',
  password: '',
  matchingPassword: '',
  organizationCustomer: {
    organization: {
      legalName: '',
      registrationNumber: '',
      businessType: 'BUSINESS_TYPE_CLIENT_TO_TENANT',
      addresses: [{ ...NEW_ADDRESS, isPrimary: true }],
      representatives: [{ ...NEW_REPRESENTATIVE, isPrimaryOwner: true }],
    },
    user: {},
  },
  categoryId: '',
  params: {},
  DOCUMENTS: slotsFor([{}]).map(slotDocument),
  CONSENT: { termsAccepted: false, privacyAccepted: false, dataProcessingConsent: false, marketingConsent: false },
  ACTIVATION: { activationConfirm: true, welcomeEmailSent: false },
};

const opt = optional;
/** A share box: empty means the schema's default (0); anything else is a number (NaN is refused). */
const share = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'number' ? v : Number(v)) };
function withoutSecrets(values: Values): Values {
  return { ...values, password: '', matchingPassword: '', DOCUMENTS: (values.DOCUMENTS ?? []).map((d) => ({ ...d, documentFile: '' })) };
}
export function ownershipTotal(reps: readonly Partial<Representative>[] | undefined): number {
  const total = (reps ?? []).reduce((sum, r) => sum + (Number.isFinite(Number(r.ownershipShare)) ? Number(r.ownershipShare ?? 0) : 0), 0);
  return Math.round(total * 100) / 100;
}

interface Duplicate {
  registrationNumber: string;
  existingOrganizationId: string;
}

/** The 409 "organization already exists" and the existing organization's customer page. */
function DuplicateNotice({ duplicate }: { duplicate: Duplicate }) {
  const found = useQuery({
    queryKey: ['customers', { organizationId: duplicate.existingOrganizationId }],
    queryFn: () => apiFetch<{ items: CustomerListItem[] }>(`/api/v2.1/customers${toQuery({ organizationId: duplicate.existingOrganizationId, pageSize: 1 })}`),
  });
  const customer = found.data?.items[0];
  // until (or unless) the customer is known, the link searches the directory for the number
  const href = customer ? `/customers/${customer.id}` : `/customers${toQuery({ q: duplicate.registrationNumber })}`;
  return (
    <div role="alert" data-testid="duplicate" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      Organization already exists: registration number <strong>{duplicate.registrationNumber}</strong> is registered in this tenant.{' '}
      <Link href={href} className="font-semibold text-brand-700 underline">
        {customer ? `Open ${customer.displayName}` : 'Find the existing organization'}
      </Link>
    </div>
  );
}

export function OrganizationWizard({ tenantId }: { tenantId: string }) {
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);
  // a reload restores at most to the documents step: the files are not in the draft
  const wizard = useDraftWizard<Values>({
    steps: STEPS,
    empty: EMPTY,
    draftKey: `bp.draft.organization.${tenantId}`,
    withoutSecrets,
    maxRestoreStep: DOCUMENTS_STEP,
    restoreLocal: restoreLocalDraft('ORGANIZATION', tenantId),
  });
  // saved to the server as it goes (docs/drafts.md)
  const autosave = useDraftAutosave({ wizard, customerType: 'ORGANIZATION', tenantId, empty: EMPTY });
  const { form, step, setStep, stepOf } = wizard;
  const { register, formState, watch, setError, control } = form;
  const errors = formState.errors;
  const files = useDocumentSlotFiles(form);
  const orgErrors = errors.organizationCustomer?.organization;
  const addresses = useFieldArray({ control, name: `${ORG}.addresses` });
  const reps = useFieldArray({ control, name: `${ORG}.representatives` });
  const choice = useCategoryChoice(tenantId, 'ORGANIZATION', watch('categoryId'));
  const requirements = useCategoryRequirements(tenantId, watch('categoryId'), ORG_REQUIREMENTS);
  const { frame } = useRegistration({
    wizard: autosave.wizard,
    labels: STEPS.map((s) => s.label),
    tenantId,
    path: '/api/v2.1/customer/organization/registration',
    registered: 'Organization registered',
    review: REVIEW,
    choice,
    firstStepFields: [ORG, 'categoryId'],
    body: ({ categoryId, params: _params, ...v }: Values, parametrization) => {
      // a new attempt: the last duplicate's notice goes
      setDuplicate(null);
      return {
        ...v,
        ...(categoryId ? { customerCategory: { id: categoryId } } : {}),
        organizationCustomer: {
          ...v.organizationCustomer,
          customerName: v.organizationCustomer.organization.legalName,
          ...(categoryId ? { categorization: { id: categoryId, parametrization } } : {}),
        },
        ...autosave.reference(),
      };
    },
    // a duplicate registration number: the notice with a link to the organization, on the company step
    onRefused: (e, body) => {
      const data = e instanceof ApiClientError ? (e.data as { error?: string; registrationNumber?: string; existingOrganizationId?: string }) : {};
      if (!(e instanceof ApiClientError && e.status === 409 && data.existingOrganizationId)) return false;
      setDuplicate({ registrationNumber: data.registrationNumber ?? body.organizationCustomer.organization.registrationNumber, existingOrganizationId: data.existingOrganizationId });
      setError(`${ORG}.registrationNumber`, { type: 'server', message: 'an organization with this registration number already exists' });
      setStep(0);
      return true;
    },
    // a duplicate username names "username": the administrator step's field
    mapField: (path) =>
      path === 'username'
        ? 'organizationCustomer.user.username'
        : path.startsWith('customerCategory') || path.startsWith('organizationCustomer.categorization')
          ? 'categoryId'
          : stepOf(path) !== null
            ? path
            : undefined,
    mapKey: (key) => (key === 'categoryId' ? 'categoryId' : `params.${key}`),
  });

  const v = watch();
  const org = v.organizationCustomer.organization;
  const slots = slotsFor(org.representatives, requirements);
  // a file name shows only while its slot holds the file (a slot emptied by a change of people shows none)
  const fileOf = files.chosen;
  // the Documents step follows the representatives: one identity document slot per person, by position
  // (and the chosen category's process: one slot per company requirement)
  const layout = slots.map((x) => x.representativeIndex ?? x.requirement).join(',');
  useEffect(() => {
    if (step !== DOCUMENTS_STEP) return;
    const current = form.getValues('DOCUMENTS') ?? [];
    const kindOf = (d: { documentType: string; representativeIndex?: number }) =>
      d.representativeIndex ??
      slots.find((x) => x.representativeIndex === undefined && (DOCUMENT_REQUIREMENTS[x.requirement].documentTypes as readonly string[]).includes(d.documentType))?.requirement;
    if (current.map(kindOf).join(',') === layout && current.length === slots.length) return;
    const company = current.filter((d) => d.representativeIndex === undefined);
    form.setValue(
      'DOCUMENTS',
      // the people changed: their slots start empty (a position may now be someone else); company documents of a kind still asked for stay
      slots.map((x) => (x.representativeIndex === undefined ? (company.find((d) => kindOf(d) === x.requirement) ?? slotDocument(x)) : slotDocument(x))),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the layout string stands for the slots
  }, [step, layout]);
  const total = ownershipTotal(org.representatives);
  const repsError = orgErrors?.representatives?.root?.message ?? orgErrors?.representatives?.message;
  return (
    <>
      <DraftSaveLine state={autosave.state} />
      <RegistrationFrame
        {...frame}
        submitLabel="Register organization"
        notKept={['Password', 'Repeat password', 'Document files']}
        notice={duplicate ? <DuplicateNotice duplicate={duplicate} /> : null}
        onDiscard={() => {
          setDuplicate(null);
          files.forget();
        }}
      >
        {step === 0 ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Legal name" autoComplete="off" error={orgErrors?.legalName?.message} {...register(`${ORG}.legalName`)} />
            <Field label="Trading name" autoComplete="off" error={orgErrors?.tradingName?.message} {...register(`${ORG}.tradingName`, opt)} />
            <Field label="Registration number" autoComplete="off" error={orgErrors?.registrationNumber?.message} {...register(`${ORG}.registrationNumber`)} />
            <Field label="Tax ID" error={orgErrors?.taxId?.message} {...register(`${ORG}.taxId`, opt)} />
            <Field label="Incorporation date" type="date" error={orgErrors?.incorporationDate?.message} {...register(`${ORG}.incorporationDate`, opt)} />
            <Field label="Legal form" placeholder="GmbH" error={orgErrors?.legalForm?.message} {...register(`${ORG}.legalForm`, opt)} />
            <Field label="Industry" error={orgErrors?.industry?.message} {...register(`${ORG}.industry`, opt)} />
            <SelectField
              label="Business type"
              options={BUSINESS_TYPES.map((b) => ({ value: b, label: businessTypeLabel(b) }))}
              error={orgErrors?.businessType?.message}
              {...register(`${ORG}.businessType`)}
            />
            <Field label="Website" type="url" placeholder="https://example.com" error={orgErrors?.website?.message} {...register(`${ORG}.website`, opt)} />
            <Field label="Company email" type="email" error={orgErrors?.email?.message} {...register(`${ORG}.email`, opt)} />
            <Field label="Company phone" type="tel" placeholder="+49301234567" error={orgErrors?.phone?.message} {...register(`${ORG}.phone`, opt)} />
            <TextareaField label="Business description" className="sm:col-span-2" error={orgErrors?.businessDescription?.message} {...register(`${ORG}.businessDescription`, opt)} />
            <CategoryFields
              choice={choice}
              label="Category (optional)"
              emptyLabel="No category"
              categoryField={register('categoryId')}
              categoryError={errors.categoryId?.message}
              paramField={(key) => register(`params.${key}`)}
              paramError={(key) => errors.params?.[key]?.message}
            />
          </div>
        ) : null}
        {step === 1 ? (
          <div className="space-y-4">
            {addresses.fields.map((row, i) => {
              const e = orgErrors?.addresses?.[i];
              return (
                <fieldset key={row.id} className="grid gap-4 rounded-lg p-4 ring-1 ring-slate-200 sm:grid-cols-2">
                  <legend className="px-1 text-sm font-semibold text-ink">Address {i + 1}</legend>
                  <SelectField
                    label="Address type"
                    options={ADDRESS_TYPES.map((t) => ({ value: t, label: humanize(t) }))}
                    error={e?.type?.message}
                    {...register(`${ORG}.addresses.${i}.type`)}
                  />
                  <Field label="Street" error={e?.street?.message} {...register(`${ORG}.addresses.${i}.street`)} />
                  <Field label="Postal code" error={e?.postalCode?.message} {...register(`${ORG}.addresses.${i}.postalCode`, opt)} />
                  <Field label="City" error={e?.city?.message} {...register(`${ORG}.addresses.${i}.city`)} />
                  <CountryField label="Country (ISO code)" error={e?.country?.message} control={control} name={`${ORG}.addresses.${i}.country`} />
                  <div className="flex flex-wrap items-end justify-between gap-2">
                    <Checkbox label="Primary address" {...register(`${ORG}.addresses.${i}.isPrimary`)} />
                    <Button type="button" variant="ghost" onClick={() => addresses.remove(i)} aria-label={`Remove address ${i + 1}`}>
                      Remove
                    </Button>
                  </div>
                </fieldset>
              );
            })}
            {addresses.fields.length === 0 ? <p className="text-sm text-ink-muted">No address yet.</p> : null}
            <Button type="button" variant="secondary" disabled={addresses.fields.length >= 10} onClick={() => addresses.append({ ...NEW_ADDRESS })}>
              Add address
            </Button>
          </div>
        ) : null}
        {step === 2 ? (
          <div className="space-y-4">
            {reps.fields.map((row, i) => {
              const e = orgErrors?.representatives?.[i];
              return (
                <fieldset key={row.id} className="grid gap-4 rounded-lg p-4 ring-1 ring-slate-200 sm:grid-cols-2">
                  <legend className="px-1 text-sm font-semibold text-ink">Representative {i + 1}</legend>
                  <Field label="First name" autoComplete="off" error={e?.firstName?.message} {...register(`${ORG}.representatives.${i}.firstName`)} />
                  <Field label="Last name" autoComplete="off" error={e?.lastName?.message} {...register(`${ORG}.representatives.${i}.lastName`)} />
                  <Field label="Position" placeholder="CEO" error={e?.position?.message} {...register(`${ORG}.representatives.${i}.position`, opt)} />
                  <Field label="Email" type="email" autoComplete="off" error={e?.email?.message} {...register(`${ORG}.representatives.${i}.email`, opt)} />
                  <Field
                    label="Ownership share (%)"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={100}
                    step="0.01"
                    error={e?.ownershipShare?.message}
                    {...register(`${ORG}.representatives.${i}.ownershipShare`, {
                      ...share,
                      // the total's rule sits on the list: once the step was tried, recheck the list as a share changes
                      onChange: () => (formState.submitCount ? void form.trigger(`${ORG}.representatives`) : undefined),
                    })}
                  />
                  <div className="flex flex-wrap items-end justify-between gap-2">
                    <Checkbox label="Primary owner" {...register(`${ORG}.representatives.${i}.isPrimaryOwner`)} />
                    <Button type="button" variant="ghost" onClick={() => reps.remove(i)} aria-label={`Remove representative ${i + 1}`}>
                      Remove
                    </Button>
                  </div>
                </fieldset>
              );
            })}
            {reps.fields.length === 0 ? <p className="text-sm text-ink-muted">No representative yet.</p> : null}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Button type="button" variant="secondary" disabled={reps.fields.length >= 25} onClick={() => reps.append({ ...NEW_REPRESENTATIVE })}>
                Add representative
              </Button>
              <p aria-live="polite" data-testid="ownership-total" className={`text-sm font-semibold ${total > MAX_TOTAL_OWNERSHIP ? 'text-rose-700' : 'text-ink'}`}>
                Total ownership: {total}%{total > MAX_TOTAL_OWNERSHIP ? ` — more than ${MAX_TOTAL_OWNERSHIP}% is not possible` : ` of at most ${MAX_TOTAL_OWNERSHIP}%`}
              </p>
            </div>
            {repsError ? (
              <p role="alert" className="text-sm font-medium text-rose-700">
                {repsError}
              </p>
            ) : null}
          </div>
        ) : null}
        {step === 3 ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <p className="text-sm text-ink-muted sm:col-span-2">The organization&apos;s default administrator (ADMIN_USER) signs in with this email or username.</p>
            <Field label="Administrator email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
            <Field
              label="Username (optional)"
              autoComplete="off"
              hint="default: the email"
              error={errors.organizationCustomer?.user?.username?.message}
              {...register('organizationCustomer.user.username', opt)}
            />
            <Field
              label="Password"
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              hint="8+ characters: upper and lower case, a digit, a special character"
              {...register('password')}
            />
            <Field label="Repeat password" type="password" autoComplete="new-password" error={errors.matchingPassword?.message} {...register('matchingPassword')} />
          </div>
        ) : null}
        {step === DOCUMENTS_STEP ? (
          <div className="space-y-4">
            <p className="text-sm text-ink-muted">The review needs each of these documents accepted before the organization can be approved. Files are not kept in the draft.</p>
            {slots.map((slot, i) => (
              <DocumentSlotFields
                key={`${slot.requirement}-${slot.representativeIndex ?? ''}`}
                form={form}
                index={i}
                files={files}
                details
                legend={slot.label}
                documentTypes={DOCUMENT_REQUIREMENTS[slot.requirement].documentTypes}
                fileLabel={`File: ${slot.representativeIndex === undefined ? slot.label.toLowerCase() : slot.label.replace('Identity document', 'identity document')}`}
              />
            ))}
          </div>
        ) : null}
        {step === 5 ? <ConsentFields register={register} tenantId={tenantId} /> : null}
        {step === 6 ? <ActivationFields register={register} notesError={errors.ACTIVATION?.activationNotes?.message} /> : null}
        {step === REVIEW ? (
          <ReviewList
            rows={
              [
                ['Legal name', org.legalName],
                ['Registration number', org.registrationNumber],
                ['Business type', org.businessType ? businessTypeLabel(org.businessType) : '—'],
                ...org.addresses.map((a, i) => [`Address ${i + 1}`, `${a.street}, ${a.postalCode ?? ''} ${a.city}, ${a.country}`]),
                ...org.representatives.map((r, i) => [`Representative ${i + 1}`, `${r.firstName} ${r.lastName}${r.position ? `, ${r.position}` : ''} (${Number(r.ownershipShare ?? 0)}%)`]),
                ['Total ownership', `${total}%`],
                ['Administrator', v.organizationCustomer.user?.username ? `${v.organizationCustomer.user.username} (${v.email})` : v.email],
                ...categoryRows(choice, v.params, 'none'),
                ...slots.map((slot, i) => [
                  slot.label,
                  fileOf(i) ? `${DOCUMENT_TYPE_LABELS[v.DOCUMENTS?.[i]?.documentType as keyof typeof DOCUMENT_TYPE_LABELS]} (${fileOf(i)})` : 'no file',
                ]),
                consentRow(v.CONSENT),
              ] as [string, string][]
            }
          />
        ) : null}
      </RegistrationFrame>
    </>
  );
}
