import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConsentTextsInForce } from '@/components/consent-templates/consent-texts';
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { get, type FieldError, type FieldValues, type Path, type PathValue, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { CountryField } from '@/components/reference-data/reference-selects';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Checkbox, SelectField, TextareaField } from '@/components/ui/input';
import { FormAlert } from '@/components/ui/page-header';
import { Stepper } from '@/components/ui/stepper';
import { useToast } from '@/components/ui/toast';
import { checkCategoryParameters, humanize } from '@/lib/contract/category-parameters';
import type { CategoryRequirements } from '@/lib/contract/category-processes';
import { isUuid } from '@/lib/contract/common';
import { DOCUMENT_TYPE_LABELS, type DocumentRequirement } from '@/lib/contract/review';
import { DOCUMENT_MIME_TYPES, MAX_DOCUMENT_BYTES, type RegistrationResult } from '@/lib/contract/onboarding';
import { apiFetch } from '@/lib/ui/fetcher';
import { applyServerErrors } from '@/lib/ui/form-errors';
import type { useDraftWizard } from '@/lib/ui/use-wizard';

/**
 * What both registration wizards share: the orchestration (useRegistration: the first step's
 * category check, the submit and where its refusals go; RegistrationFrame: the steps, the alert
 * and the buttons; readDocumentFile) and the pieces they render the same way (the category and its
 * key values, the consents and activation steps, the review list).
 */

/** Optional inputs: an empty box means "not given", not an empty string. */
export const optional = { setValueAs: (v: unknown) => (v === '' || v === null ? undefined : v) };

interface Hierarchy {
  categories: {
    id: string;
    name: string;
    customerType: string;
    isActive: boolean;
    riskLevel: string;
    features: { enabled: boolean; mandatoryKeys: string[]; allowedValues: Record<string, string[]> }[];
  }[];
}

/**
 * The tenant's active categories for one customer type, the chosen one, the keys it makes mandatory
 * and the values it allows; `problems` applies the server's own rule (checkCategoryParameters), and
 * `parametrization` the body's list of the mandatory keys that have a value.
 */
export function useCategoryChoice(tenantId: string, customerType: 'INDIVIDUAL' | 'ORGANIZATION', categoryId: string | undefined) {
  const hierarchy = useQuery({
    queryKey: ['hierarchy', tenantId],
    queryFn: () => apiFetch<Hierarchy>(`/api/v2.1/categorization/hierarchy/${tenantId}`, { headers: { 'X-Tenant-ID': tenantId } }),
    staleTime: 300_000,
  });
  const categories = (hierarchy.data?.categories ?? []).filter((c) => c.customerType === customerType && c.isActive);
  const category = categories.find((c) => c.id === categoryId);
  const enabled = (category?.features ?? []).filter((f) => f.enabled);
  const mandatory = [...new Set(enabled.flatMap((f) => f.mandatoryKeys))];
  const allowed = Object.assign({}, ...(category?.features ?? []).map((f) => f.allowedValues)) as Record<string, string[]>;
  return {
    loading: hierarchy.isPending,
    categories,
    category,
    mandatory,
    allowed,
    /** The key values' problems as [key, message] pairs: missing ones and values not allowed. */
    problems: (params: Record<string, string | undefined>): [string, string][] => {
      const { missingKeys, invalidValues } = checkCategoryParameters(enabled, params);
      return [...missingKeys.map((k): [string, string] => [k, 'required for this category']), ...Object.entries(invalidValues)];
    },
    parametrization: (params: Record<string, string | undefined> | undefined) =>
      Object.entries(params ?? {})
        .filter(([k, val]) => mandatory.includes(k) && val)
        .map(([name, value]) => ({ name, value: value! })),
  };
}

type Choice = ReturnType<typeof useCategoryChoice>;

/**
 * The documents the chosen category's process asks for (docs/category-processes.md), read with the
 * tenant header from GET /category-processes/{categoryId}/requirements; `fallback` (the default
 * process) until a category is chosen or while it loads.
 */
export function useCategoryRequirements(tenantId: string, categoryId: string | undefined, fallback: readonly DocumentRequirement[]): DocumentRequirement[] {
  const q = useQuery({
    queryKey: ['category-requirements', tenantId, categoryId],
    queryFn: () => apiFetch<CategoryRequirements>(`/api/v2.1/category-processes/${categoryId}/requirements`, { headers: { 'X-Tenant-ID': tenantId } }),
    enabled: !!categoryId && isUuid(categoryId),
    staleTime: 60_000,
  });
  return q.data && q.data.categoryId === categoryId ? q.data.documents.map((d) => d.requirement as DocumentRequirement) : [...fallback];
}

/** The category select and one field per key the chosen category makes mandatory. */
export function CategoryFields({
  choice,
  label,
  emptyLabel,
  categoryField,
  categoryError,
  paramField,
  paramError,
}: {
  choice: Choice;
  label: string;
  emptyLabel: string;
  categoryField: UseFormRegisterReturn;
  categoryError?: string;
  paramField: (key: string) => UseFormRegisterReturn;
  paramError: (key: string) => string | undefined;
}) {
  return (
    <>
      <SelectField
        label={label}
        className="sm:col-span-2"
        options={choice.categories.map((c) => ({ value: c.id, label: `${c.name} (${c.riskLevel.toLowerCase()} risk)` }))}
        placeholder={choice.loading ? 'Loading categories…' : emptyLabel}
        error={categoryError}
        {...categoryField}
      />
      {choice.mandatory.map((key) =>
        choice.allowed[key] ? (
          <SelectField
            key={key}
            label={humanize(key)}
            options={choice.allowed[key]!.map((value) => ({ value, label: humanize(value) }))}
            placeholder="Choose a value"
            hint="required by this category"
            error={paramError(key)}
            {...paramField(key)}
          />
        ) : (
          <Field key={key} label={humanize(key)} hint="required by this category" error={paramError(key)} {...paramField(key)} />
        ),
      )}
    </>
  );
}

type ConsentName = 'CONSENT.termsAccepted' | 'CONSENT.privacyAccepted' | 'CONSENT.dataProcessingConsent' | 'CONSENT.marketingConsent';
type ActivationName = 'ACTIVATION.activationConfirm' | 'ACTIVATION.welcomeEmailSent' | 'ACTIVATION.activationNotes';

/** The consents step: three required before activation, marketing optional. */
export function ConsentFields({ register, tenantId }: { register: (name: ConsentName) => UseFormRegisterReturn; tenantId: string }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm text-ink-muted">Terms, privacy and data processing are required before activation; they can also be accepted later.</legend>
      <ConsentTextsInForce tenantId={tenantId}>
        <Checkbox label="Terms and conditions accepted" {...register('CONSENT.termsAccepted')} />
        <Checkbox label="Privacy policy accepted" {...register('CONSENT.privacyAccepted')} />
        <Checkbox label="Data processing consent" {...register('CONSENT.dataProcessingConsent')} />
        <Checkbox label="Marketing consent (optional)" {...register('CONSENT.marketingConsent')} />
      </ConsentTextsInForce>
    </fieldset>
  );
}

/** The activation step; notes are optional (an empty box is "not given"). */
export function ActivationFields({
  register,
  notesError,
}: {
  register: (name: ActivationName, options?: { setValueAs: (v: unknown) => unknown }) => UseFormRegisterReturn;
  notesError?: string;
}) {
  return (
    <div className="space-y-3">
      <Checkbox label="Activate as soon as verification and consents allow" {...register('ACTIVATION.activationConfirm')} />
      <Checkbox label="Welcome email sent" {...register('ACTIVATION.welcomeEmailSent')} />
      <TextareaField label="Activation notes" error={notesError} {...register('ACTIVATION.activationNotes', optional)} />
    </div>
  );
}

/** The review step: label/value pairs. */
export function ReviewList({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]" data-testid="review">
      {rows.map(([k, val]) => (
        <div key={k} className="contents">
          <dt className="text-ink-muted">{k}</dt>
          <dd className="break-words font-medium">{val}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Back, discard draft, and next / review / the final submit (disabled while pending). */
export function WizardActions({
  step,
  review,
  pending,
  submitLabel,
  onBack,
  onDiscard,
}: {
  step: number;
  review: number;
  pending: boolean;
  submitLabel: string;
  onBack: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-between gap-2">
      <Button type="button" variant="secondary" disabled={step === 0} onClick={onBack}>
        Back
      </Button>
      <div className="flex gap-2">
        <Button type="button" variant="ghost" onClick={onDiscard}>
          Discard draft
        </Button>
        {step === review ? (
          <Button type="submit" disabled={pending}>
            {pending ? 'Registering…' : submitLabel}
          </Button>
        ) : (
          <Button type="submit">{step === review - 1 ? 'Review' : 'Next'}</Button>
        )}
      </div>
    </div>
  );
}

/** After a reload: the draft is back, but secrets and files were never stored; say which to enter again. */
export function ResumedDraftNotice({ fields, onDismiss }: { fields: string[]; onDismiss: () => void }) {
  return (
    <div role="status" data-testid="resumed-draft" className="flex flex-wrap items-start justify-between gap-2 rounded-md bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-200">
      <p>
        Your draft was restored. For your security these were not kept and must be entered again: <strong>{fields.join(', ')}</strong>.
      </p>
      <Button type="button" variant="ghost" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}

/**
 * The frame of a wizard: the stepper, the step's title ("Step 2 of 7: Contact"), the form-level
 * alert, the restored-draft notice (naming what was not kept), the step's fields and the buttons.
 */
export function WizardFrame({
  labels,
  step,
  onSelect,
  onSubmit,
  alert,
  notKept,
  onDismissResumed,
  notice,
  actions,
  children,
}: {
  labels: readonly string[];
  step: number;
  onSelect: (step: number) => void;
  onSubmit: (e: React.FormEvent<HTMLFormElement>) => unknown;
  alert: string[];
  /** set after a reload restored a draft: the fields that were not kept */
  notKept: string[] | null;
  onDismissResumed: () => void;
  notice?: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-6">
      <Stepper steps={[...labels]} current={step} onSelect={onSelect} />
      <section aria-labelledby="wizard-step-title" className="space-y-4 rounded-xl bg-white p-5 shadow-card">
        <h2 id="wizard-step-title" tabIndex={-1} className="text-lg font-semibold text-ink outline-none">
          Step {step + 1} of {labels.length}: {labels[step]}
        </h2>
        <FormAlert messages={alert} />
        {notKept ? <ResumedDraftNotice fields={notKept} onDismiss={onDismissResumed} /> : null}
        {notice}
        {children}
      </section>
      {actions}
    </form>
  );
}

/** The review rows of the category and its key values ("—" for a key left empty). */
export function categoryRows(choice: Choice, params: Record<string, string | undefined> | undefined, none: string): [string, string][] {
  return [['Category', choice.category?.name ?? none], ...choice.mandatory.map((k): [string, string] => [humanize(k), params?.[k] ? humanize(params[k]!) : '—'])];
}

/** The review row of the consents given so far. */
export function consentRow(consent: Record<string, boolean | undefined> | undefined): [string, string] {
  return [
    'Consents',
    Object.entries(consent ?? {})
      .filter(([, on]) => on)
      .map(([k]) => humanize(k.replace(/Accepted|Consent/, '')))
      .join(', ') || 'none yet',
  ];
}

/** A chosen document file, checked as the server checks it (type, size), read as a data: URL. */
export function readDocumentFile(file: File, onError: (message: string) => void, onLoad: (dataUrl: string) => void): void {
  if (!(DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)) return onError('the file must be a PDF, PNG or JPEG');
  if (file.size > MAX_DOCUMENT_BYTES) return onError('the file must be at most 5 MiB');
  const reader = new FileReader();
  reader.onload = () => onLoad(String(reader.result));
  reader.readAsDataURL(file);
}

/**
 * The files of a registration's DOCUMENTS list, one per slot: each read into the form (a draft never
 * keeps it), its name kept for the field's hint and the review while the form holds the file.
 */
export function useDocumentSlotFiles<V extends FieldValues>(form: UseFormReturn<V>) {
  const [names, setNames] = useState<Record<number, string>>({});
  const fileAt = (i: number) => `DOCUMENTS.${i}.documentFile` as Path<V>;
  const set = (i: number, value: string) => form.setValue(fileAt(i), value as PathValue<V, Path<V>>);
  const choose = (i: number, file: File | undefined) => {
    form.clearErrors(fileAt(i));
    set(i, '');
    setNames((n) => ({ ...n, [i]: '' }));
    if (!file) return;
    readDocumentFile(
      file,
      (message) => form.setError(fileAt(i), { type: 'client', message }),
      (url) => {
        set(i, url);
        setNames((n) => ({ ...n, [i]: file.name }));
      },
    );
  };
  /** the name of the file chosen for slot i, while the form holds it */
  const chosen = (i: number): string | undefined => (form.getValues(fileAt(i)) ? names[i] || undefined : undefined);
  /** the wizard starts over: no names kept */
  const forget = () => setNames({});
  return { choose, chosen, forget };
}

/**
 * One slot of a registration's DOCUMENTS list, the same in both wizards: the document's type (among
 * those its requirement accepts), number, optionally issuing country and expiry, and its file.
 */
export function DocumentSlotFields<V extends FieldValues>({
  form,
  index,
  legend,
  fileLabel,
  documentTypes,
  files,
  details = false,
  className = '',
  testId,
}: {
  form: UseFormReturn<V>;
  index: number;
  legend: ReactNode;
  fileLabel: string;
  documentTypes: readonly (keyof typeof DOCUMENT_TYPE_LABELS)[];
  files: ReturnType<typeof useDocumentSlotFiles<V>>;
  /** also the issuing country and the expiry date */
  details?: boolean;
  className?: string;
  testId?: string;
}) {
  const at = (field: string) => `DOCUMENTS.${index}.${field}` as Path<V>;
  const error = (field: string) => (get(form.formState.errors, at(field)) as FieldError | undefined)?.message;
  const chosen = files.chosen(index);
  return (
    <fieldset className={`grid gap-4 rounded-lg p-4 ring-1 ring-slate-200 sm:grid-cols-2 ${className}`} data-testid={testId}>
      <legend className="px-1 text-sm font-semibold text-ink">{legend}</legend>
      <SelectField
        label="Document type"
        options={documentTypes.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))}
        error={error('documentType')}
        {...form.register(at('documentType'))}
      />
      <Field label="Document number" error={error('documentNumber')} {...form.register(at('documentNumber'), optional)} />
      {details ? (
        <>
          <CountryField label="Issuing country (ISO code)" optional error={error('issuingCountry')} control={form.control} name={at('issuingCountry')} />
          <Field label="Expiry date" type="date" error={error('expiryDate')} {...form.register(at('expiryDate'), optional)} />
        </>
      ) : null}
      <Field
        label={fileLabel}
        type="file"
        accept={DOCUMENT_MIME_TYPES.join(',')}
        hint={chosen ? `Chosen: ${chosen}` : 'PDF, PNG or JPEG, at most 5 MiB'}
        className="sm:col-span-2"
        error={error('documentFile')}
        onChange={(ev) => files.choose(index, ev.target.files?.[0])}
      />
    </fieldset>
  );
}

type Wizard<V extends FieldValues> = ReturnType<typeof useDraftWizard<V>>;

/**
 * A registration wizard's orchestration, written once for both: leaving the first step checks its
 * fields and the category's key values (the server's own rule); the review step's submit sends the
 * registration, then clears the draft, refreshes the directory and opens the new customer; a
 * refusal puts the server's errors on their fields (`mapField`, `mapKey`: where a request path or a
 * category key goes in the form) and opens the first step that holds one, or says what belongs to
 * no field above the form. `onRefused` takes a refusal the wizard shows its own way (true: handled).
 */
export function useRegistration<V extends FieldValues, B extends Record<string, unknown>>({
  wizard,
  labels,
  tenantId,
  path,
  registered,
  review,
  choice,
  firstStepFields,
  body,
  mapField,
  mapKey,
  onRefused,
}: {
  wizard: Wizard<V>;
  /** the steps' labels, the review last */
  labels: readonly string[];
  tenantId: string;
  /** the registration route */
  path: string;
  /** the toast after success */
  registered: string;
  review: number;
  choice: Choice;
  firstStepFields: Path<V>[];
  body: (values: V, parametrization: ReturnType<Choice['parametrization']>) => B;
  mapField: (path: string) => string | undefined;
  mapKey: (key: string) => string | undefined;
  onRefused?: (error: unknown, body: B) => boolean;
}) {
  const router = useRouter();
  const toast = useToast();
  const client = useQueryClient();
  const { form, step, setStep, go, next: nextStep, setAlert, firstErrorStep } = wizard;
  const { setError, getValues } = form;

  const next = async (e: React.FormEvent) => {
    e.preventDefault();
    if (step !== 0) return nextStep(e);
    const stepOk = await form.trigger(firstStepFields, { shouldFocus: true });
    const problems = choice.problems((getValues('params' as Path<V>) as Record<string, string | undefined> | undefined) ?? {});
    for (const [k, message] of problems) setError(`params.${k}` as Path<V>, { type: 'client', message });
    if (stepOk && !problems.length) go(1);
  };

  const submit = form.handleSubmit(async () => {
    setAlert([]);
    const values = getValues();
    const request = body(values, choice.parametrization(values.params));
    try {
      const result = await apiFetch<RegistrationResult>(path, { method: 'POST', json: request, headers: { 'X-Tenant-ID': tenantId } });
      wizard.clearDraft();
      // the registration consumed its draft: the Drafts screen must not show it from the cache
      await Promise.all([client.invalidateQueries({ queryKey: ['customers'] }), client.invalidateQueries({ queryKey: ['drafts'] })]);
      toast('success', registered);
      router.push(`/customers/${result.customerId}`);
    } catch (e) {
      if (onRefused?.(e, request)) return;
      const leftovers = applyServerErrors<V>(e, setError, { mapField, mapKey });
      const target = firstErrorStep() ?? (leftovers.length ? null : 0);
      if (target !== null && target !== review) setStep(target);
      setAlert(leftovers);
    }
  });

  /** what RegistrationFrame takes from the orchestration */
  return { frame: { wizard, labels, review, onSubmit: step === review ? submit : next } };
}

/** A registration wizard's frame: the steps, the alert, what a restored draft did not keep, and the buttons. */
export function RegistrationFrame<V extends FieldValues>({
  wizard,
  labels,
  review,
  onSubmit,
  submitLabel,
  notKept,
  notice,
  onDiscard,
  children,
}: {
  wizard: Wizard<V>;
  labels: readonly string[];
  review: number;
  onSubmit: (e: React.FormEvent<HTMLFormElement>) => unknown;
  submitLabel: string;
  /** the fields a restored draft does not keep (passwords, files) */
  notKept: string[];
  notice?: ReactNode;
  /** what the wizard forgets besides the draft when it starts over */
  onDiscard: () => void;
  children: ReactNode;
}) {
  const { step, go } = wizard;
  return (
    <WizardFrame
      labels={labels}
      step={step}
      onSelect={go}
      onSubmit={onSubmit}
      alert={wizard.alert}
      notKept={wizard.resumed ? notKept : null}
      onDismissResumed={wizard.dismissResumed}
      notice={notice}
      actions={
        <WizardActions
          step={step}
          review={review}
          pending={wizard.form.formState.isSubmitting}
          submitLabel={submitLabel}
          onBack={() => go(step - 1)}
          onDiscard={() => {
            onDiscard();
            wizard.discard();
          }}
        />
      }
    >
      {children}
    </WizardFrame>
  );
}
