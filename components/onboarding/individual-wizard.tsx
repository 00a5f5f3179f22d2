'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { z } from 'zod';
import { Field } from '@/components/ui/field';
import { Checkbox, SelectField, TextareaField } from '@/components/ui/input';
import { FormAlert } from '@/components/ui/page-header';
import { Stepper } from '@/components/ui/stepper';
import { useToast } from '@/components/ui/toast';
import {
  accountStepFields,
  activationStepSchema,
  ADDRESS_TYPES,
  addressInfoStepSchema,
  categorizationStepSchema,
  consentStepSchema,
  CONTACT_TYPES,
  contactInfoStepSchema,
  DOCUMENT_MIME_TYPES,
  DOCUMENT_TYPES,
  documentUploadStepSchema,
  GENDERS,
  MAX_DOCUMENT_BYTES,
  matchingPasswords,
  personalInfoStepSchema,
  type RegistrationResult,
} from '@/lib/contract/onboarding';
import { apiFetch } from '@/lib/ui/fetcher';
import { applyServerErrors } from '@/lib/ui/form-errors';
import { useDraftWizard } from '@/lib/ui/use-wizard';
import { checkCategoryParameters, humanize } from '@/lib/contract/category-parameters';
import { DOCUMENT_TYPE_LABELS } from '@/lib/contract/review';
import { ResumedDraftNotice, ReviewList, WizardActions } from './wizard-parts';

/**
 * Registration of an individual customer in six steps and a review. Each step validates with the
 * contract's step schema (the very ones the registration route composes); the server's answer is
 * mapped back onto the fields, and the wizard jumps to the first step with an error. A draft
 * (never the password, never the file) is kept in localStorage per tenant.
 */

const paramsSchema = z.record(z.string(), z.string());
const STEPS = [
  { label: 'Personal info', schema: z.object({ PERSONAL_INFO: personalInfoStepSchema, CATEGORIZATION: categorizationStepSchema, params: paramsSchema.optional() }), prefixes: ['PERSONAL_INFO', 'CATEGORIZATION', 'params', 'individualCustomer', 'customerCategory'] },
  { label: 'Contact', schema: z.object({ ...accountStepFields, CONTACT_INFO: contactInfoStepSchema }).superRefine(matchingPasswords), prefixes: ['CONTACT_INFO', 'email', 'phone', 'password', 'matchingPassword'] },
  { label: 'Address', schema: z.object({ ADDRESS_INFO: addressInfoStepSchema }), prefixes: ['ADDRESS_INFO'] },
  { label: 'Documents', schema: z.object({ DOCUMENT_UPLOAD: documentUploadStepSchema }), prefixes: ['DOCUMENT_UPLOAD'] },
  { label: 'Consents', schema: z.object({ CONSENT: consentStepSchema }), prefixes: ['CONSENT'] },
  { label: 'Activation', schema: z.object({ ACTIVATION: activationStepSchema }), prefixes: ['ACTIVATION'] },
  { label: 'Review', schema: z.object({}), prefixes: [] },
] as const;
const REVIEW = STEPS.length - 1;

/** The whole form: every step's schema side by side (its type is the form's values). */
export const wizardSchema = z.object({
  ...accountStepFields,
  PERSONAL_INFO: personalInfoStepSchema,
  CATEGORIZATION: categorizationStepSchema,
  params: paramsSchema.optional(),
  CONTACT_INFO: contactInfoStepSchema,
  ADDRESS_INFO: addressInfoStepSchema,
  DOCUMENT_UPLOAD: documentUploadStepSchema,
  CONSENT: consentStepSchema,
  ACTIVATION: activationStepSchema,
});
type Values = z.input<typeof wizardSchema>;

const EMPTY: Values = {
  email: '',
  password: '',
  matchingPassword: '',
  PERSONAL_INFO: { firstName: '', lastName: '', dateOfBirth: '' },
  CATEGORIZATION: { categoryId: '' },
  params: {},
  CONTACT_INFO: { contactType: 'MOBILE', contactValue: '', isPrimary: true },
  ADDRESS_INFO: { addressType: 'RESIDENTIAL', street: '', city: '', country: '', isPrimary: true },
  DOCUMENT_UPLOAD: { documentType: 'PASSPORT', documentFile: '' },
  CONSENT: { termsAccepted: false, privacyAccepted: false, dataProcessingConsent: false, marketingConsent: false },
  ACTIVATION: { activationConfirm: true, welcomeEmailSent: false },
};

interface Hierarchy {
  categories: { id: string; name: string; customerType: string; isActive: boolean; riskLevel: string; features: { enabled: boolean; mandatoryKeys: string[]; allowedValues: Record<string, string[]> }[] }[];
}

/** Optional inputs: an empty box means "not given", not an empty string. */
const opt = { setValueAs: (v: unknown) => (v === '' || v === null ? undefined : v) };
function withoutSecrets(values: Values): Values {
  return { ...values, password: '', matchingPassword: '', DOCUMENT_UPLOAD: { ...values.DOCUMENT_UPLOAD, documentFile: '' } };
}

export function IndividualWizard({ tenantId }: { tenantId: string }) {
  const router = useRouter();
  const toast = useToast();
  const client = useQueryClient();
  const [preview, setPreview] = useState<{ name: string; url: string; type: string } | null>(null);
  // a reload restores at most to the documents step: the file is not in the draft
  const wizard = useDraftWizard<Values>({ steps: STEPS, empty: EMPTY, draftKey: `bp.draft.individual.${tenantId}`, withoutSecrets, maxRestoreStep: 3 });
  const { form, step, setStep, go, next: nextStep, alert, setAlert, stepOf, firstErrorStep } = wizard;
  const { register, formState, watch, setValue, setError, clearErrors, getValues } = form;
  const errors = formState.errors;

  const hierarchy = useQuery({
    queryKey: ['hierarchy', tenantId],
    queryFn: () => apiFetch<Hierarchy>(`/api/v2.1/categorization/hierarchy/${tenantId}`, { headers: { 'X-Tenant-ID': tenantId } }),
    staleTime: 300_000,
  });
  const categories = (hierarchy.data?.categories ?? []).filter((c) => c.customerType === 'INDIVIDUAL' && c.isActive);
  const categoryId = watch('CATEGORIZATION.categoryId');
  const category = categories.find((c) => c.id === categoryId);
  const mandatory = [...new Set((category?.features ?? []).filter((f) => f.enabled).flatMap((f) => f.mandatoryKeys))];
  const allowed = Object.assign({}, ...(category?.features ?? []).map((f) => f.allowedValues)) as Record<string, string[]>;

  // the category's key values: the server's own rule (checkCategoryParameters), checked before leaving the step
  const next = async (e: React.FormEvent) => {
    e.preventDefault();
    if (step !== 0) return nextStep(e);
    const stepOk = await form.trigger(['PERSONAL_INFO', 'CATEGORIZATION'], { shouldFocus: true });
    const { missingKeys, invalidValues } = checkCategoryParameters((category?.features ?? []).filter((f) => f.enabled), getValues('params') ?? {});
    for (const k of missingKeys) setError(`params.${k}`, { type: 'client', message: 'required for this category' });
    for (const [k, m] of Object.entries(invalidValues)) setError(`params.${k}`, { type: 'client', message: m });
    if (stepOk && !missingKeys.length && !Object.keys(invalidValues).length) go(1);
  };

  const onFile = (file: File | undefined) => {
    clearErrors('DOCUMENT_UPLOAD.documentFile');
    setPreview(null);
    setValue('DOCUMENT_UPLOAD.documentFile', '');
    if (!file) return;
    if (!(DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)) {
      setError('DOCUMENT_UPLOAD.documentFile', { type: 'client', message: 'the file must be a PDF, PNG or JPEG' });
      return;
    }
    if (file.size > MAX_DOCUMENT_BYTES) {
      setError('DOCUMENT_UPLOAD.documentFile', { type: 'client', message: 'the file must be at most 5 MiB' });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      setValue('DOCUMENT_UPLOAD.documentFile', url);
      setPreview({ name: file.name, url, type: file.type });
    };
    reader.readAsDataURL(file);
  };

  const submit = form.handleSubmit(async () => {
    setAlert([]);
    const v = getValues();
    const parametrization = Object.entries(v.params ?? {})
      .filter(([k, val]) => mandatory.includes(k) && val)
      .map(([name, value]) => ({ name, value }));
    const body = {
      email: v.email,
      phone: v.phone,
      password: v.password,
      matchingPassword: v.matchingPassword,
      customerCategory: { id: v.CATEGORIZATION.categoryId },
      individualCustomer: {
        customerName: `${v.PERSONAL_INFO.firstName} ${v.PERSONAL_INFO.lastName}`.trim(),
        categorization: { id: v.CATEGORIZATION.categoryId, parametrization },
      },
      CATEGORIZATION: v.CATEGORIZATION,
      PERSONAL_INFO: v.PERSONAL_INFO,
      CONTACT_INFO: v.CONTACT_INFO,
      ADDRESS_INFO: v.ADDRESS_INFO,
      DOCUMENT_UPLOAD: v.DOCUMENT_UPLOAD,
      CONSENT: v.CONSENT,
      ACTIVATION: v.ACTIVATION,
    };
    try {
      const result = await apiFetch<RegistrationResult>('/api/v2.1/customer/individual/registration', { method: 'POST', json: body, headers: { 'X-Tenant-ID': tenantId } });
      wizard.clearDraft();
      await client.invalidateQueries({ queryKey: ['customers'] });
      toast('success', 'Customer registered');
      router.push(`/customers/${result.customerId}`);
    } catch (e) {
      const leftovers = applyServerErrors<Values>(e, setError, {
        mapField: (path) => (stepOf(path) !== null && !path.startsWith('individualCustomer') && !path.startsWith('customerCategory') ? path : undefined),
        mapKey: (key) => `params.${key}`,
      });
      const target = firstErrorStep() ?? (leftovers.length ? null : 0);
      if (target !== null && target !== REVIEW) setStep(target);
      setAlert(leftovers);
    }
  });

  const v = watch();
  const title = STEPS[step]!.label;
  return (
    <form method="post" onSubmit={step === REVIEW ? submit : next} noValidate className="space-y-6">
      <Stepper steps={STEPS.map((s) => s.label)} current={step} onSelect={go} />
      <section aria-labelledby="wizard-step-title" className="space-y-4 rounded-xl bg-white p-5 shadow-card">
        <h2 id="wizard-step-title" tabIndex={-1} className="text-lg font-semibold text-ink outline-none">
          Step {step + 1} of {STEPS.length}: {title}
        </h2>
        <FormAlert messages={alert} />
        {wizard.resumed ? <ResumedDraftNotice fields={['Password', 'Repeat password', 'Document file']} onDismiss={wizard.dismissResumed} /> : null}
        {step === 0 ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" autoComplete="off" error={errors.PERSONAL_INFO?.firstName?.message} {...register('PERSONAL_INFO.firstName')} />
            <Field label="Last name" autoComplete="off" error={errors.PERSONAL_INFO?.lastName?.message} {...register('PERSONAL_INFO.lastName')} />
            <Field label="Date of birth" type="date" error={errors.PERSONAL_INFO?.dateOfBirth?.message} {...register('PERSONAL_INFO.dateOfBirth')} />
            <SelectField label="Gender" options={GENDERS.map((g) => ({ value: g, label: humanize(g) }))} placeholder="Not given" error={errors.PERSONAL_INFO?.gender?.message} {...register('PERSONAL_INFO.gender', opt)} />
            <Field label="Nationality (ISO code)" placeholder="DE" maxLength={2} error={errors.PERSONAL_INFO?.nationality?.message} {...register('PERSONAL_INFO.nationality', opt)} />
            <Field label="Place of birth" error={errors.PERSONAL_INFO?.placeOfBirth?.message} {...register('PERSONAL_INFO.placeOfBirth', opt)} />
            <SelectField
              label="Category"
              className="sm:col-span-2"
              options={categories.map((c) => ({ value: c.id, label: `${c.name} (${c.riskLevel.toLowerCase()} risk)` }))}
              placeholder={hierarchy.isPending ? 'Loading categories…' : 'Choose a category'}
              error={errors.CATEGORIZATION?.categoryId?.message}
              {...register('CATEGORIZATION.categoryId')}
            />
            {mandatory.map((key) =>
              allowed[key] ? (
                <SelectField
                  key={key}
                  label={humanize(key)}
                  options={allowed[key]!.map((value) => ({ value, label: humanize(value) }))}
                  placeholder="Choose a value"
                  hint="required by this category"
                  error={errors.params?.[key]?.message}
                  {...register(`params.${key}`)}
                />
              ) : (
                <Field key={key} label={humanize(key)} hint="required by this category" error={errors.params?.[key]?.message} {...register(`params.${key}`)} />
              ),
            )}
          </div>
        ) : null}
        {step === 1 ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Email (login)" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
            <Field label="Phone" type="tel" placeholder="+4915112345678" error={errors.phone?.message} {...register('phone', opt)} />
            <SelectField label="Contact type" options={CONTACT_TYPES.map((t) => ({ value: t, label: humanize(t) }))} error={errors.CONTACT_INFO?.contactType?.message} {...register('CONTACT_INFO.contactType')} />
            <Field label="Contact value" error={errors.CONTACT_INFO?.contactValue?.message} {...register('CONTACT_INFO.contactValue')} />
            <Field label="Password" type="password" autoComplete="new-password" error={errors.password?.message} hint="8+ characters: upper and lower case, a digit, a special character" {...register('password')} />
            <Field label="Repeat password" type="password" autoComplete="new-password" error={errors.matchingPassword?.message} {...register('matchingPassword')} />
          </div>
        ) : null}
        {step === 2 ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Address type" options={ADDRESS_TYPES.map((t) => ({ value: t, label: humanize(t) }))} error={errors.ADDRESS_INFO?.addressType?.message} {...register('ADDRESS_INFO.addressType')} />
            <Field label="Street" error={errors.ADDRESS_INFO?.street?.message} {...register('ADDRESS_INFO.street')} />
            <Field label="Building" error={errors.ADDRESS_INFO?.building?.message} {...register('ADDRESS_INFO.building', opt)} />
            <Field label="Postal code" error={errors.ADDRESS_INFO?.postalCode?.message} {...register('ADDRESS_INFO.postalCode', opt)} />
            <Field label="City" error={errors.ADDRESS_INFO?.city?.message} {...register('ADDRESS_INFO.city')} />
            <Field label="Country (ISO code)" placeholder="DE" maxLength={2} error={errors.ADDRESS_INFO?.country?.message} {...register('ADDRESS_INFO.country')} />
          </div>
        ) : null}
        {step === 3 ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Document type" options={DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))} error={errors.DOCUMENT_UPLOAD?.documentType?.message} {...register('DOCUMENT_UPLOAD.documentType')} />
            <Field label="Document number" error={errors.DOCUMENT_UPLOAD?.documentNumber?.message} {...register('DOCUMENT_UPLOAD.documentNumber', opt)} />
            <Field label="Issuing country (ISO code)" maxLength={2} error={errors.DOCUMENT_UPLOAD?.issuingCountry?.message} {...register('DOCUMENT_UPLOAD.issuingCountry', opt)} />
            <Field label="Expiry date" type="date" error={errors.DOCUMENT_UPLOAD?.expiryDate?.message} {...register('DOCUMENT_UPLOAD.expiryDate', opt)} />
            <Field
              label="Document file"
              type="file"
              accept={DOCUMENT_MIME_TYPES.join(',')}
              hint="PDF, PNG or JPEG, at most 5 MiB"
              className="sm:col-span-2"
              error={errors.DOCUMENT_UPLOAD?.documentFile?.message}
              onChange={(e) => onFile(e.target.files?.[0])}
            />
            {preview ? (
              <figure className="sm:col-span-2">
                {preview.type.startsWith('image/') ? (
                  // eslint-disable-next-line @next/next/no-img-element -- a local data: URL preview
                  <img src={preview.url} alt={`Preview of ${preview.name}`} className="max-h-48 rounded ring-1 ring-slate-200" />
                ) : (
                  <p className="text-sm">PDF selected</p>
                )}
                <figcaption className="mt-1 text-xs text-ink-muted">{preview.name}</figcaption>
              </figure>
            ) : v.DOCUMENT_UPLOAD.documentFile ? null : (
              <p className="text-xs text-ink-muted sm:col-span-2">The file is not kept in the draft; choose it again after a reload.</p>
            )}
          </div>
        ) : null}
        {step === 4 ? (
          <fieldset className="space-y-3">
            <legend className="text-sm text-ink-muted">Terms, privacy and data processing are required before activation; they can also be accepted later.</legend>
            <Checkbox label="Terms and conditions accepted" {...register('CONSENT.termsAccepted')} />
            <Checkbox label="Privacy policy accepted" {...register('CONSENT.privacyAccepted')} />
            <Checkbox label="Data processing consent" {...register('CONSENT.dataProcessingConsent')} />
            <Checkbox label="Marketing consent (optional)" {...register('CONSENT.marketingConsent')} />
          </fieldset>
        ) : null}
        {step === 5 ? (
          <div className="space-y-3">
            <Checkbox label="Activate as soon as verification and consents allow" {...register('ACTIVATION.activationConfirm')} />
            <Checkbox label="Welcome email sent" {...register('ACTIVATION.welcomeEmailSent')} />
            <TextareaField label="Activation notes" error={errors.ACTIVATION?.activationNotes?.message} {...register('ACTIVATION.activationNotes', opt)} />
          </div>
        ) : null}
        {step === REVIEW ? (
          <ReviewList
            rows={
              [
                ['Name', `${v.PERSONAL_INFO.firstName} ${v.PERSONAL_INFO.lastName}`],
                ['Date of birth', v.PERSONAL_INFO.dateOfBirth],
                ['Category', category?.name ?? '—'],
                ...mandatory.map((k) => [humanize(k), v.params?.[k] ? humanize(v.params[k]!) : '—']),
                ['Email', v.email],
                ['Contact', `${v.CONTACT_INFO.contactType}: ${v.CONTACT_INFO.contactValue}`],
                ['Address', `${v.ADDRESS_INFO.street}, ${v.ADDRESS_INFO.postalCode ?? ''} ${v.ADDRESS_INFO.city}, ${v.ADDRESS_INFO.country}`],
                ['Document', `${DOCUMENT_TYPE_LABELS[v.DOCUMENT_UPLOAD.documentType as keyof typeof DOCUMENT_TYPE_LABELS] ?? v.DOCUMENT_UPLOAD.documentType}${preview ? ` (${preview.name})` : ''}`],
                ['Consents', Object.entries(v.CONSENT ?? {}).filter(([, on]) => on).map(([k]) => k.replace(/Accepted|Consent/, '')).join(', ') || 'none yet'],
              ] as [string, string][]
            }
          />
        ) : null}
      </section>
      <WizardActions
        step={step}
        review={REVIEW}
        pending={formState.isSubmitting}
        submitLabel="Register customer"
        onBack={() => go(step - 1)}
        onDiscard={() => {
          setPreview(null);
          wizard.discard();
        }}
      />
    </form>
  );
}
