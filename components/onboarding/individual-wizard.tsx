'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { z } from 'zod';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
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
import { humanize } from '@/lib/contract/category-parameters';
import { DOCUMENT_TYPE_LABELS } from '@/lib/contract/review';
import { ActivationFields, CategoryFields, categoryRows, ConsentFields, consentRow, optional, ReviewList, useCategoryChoice, WizardActions, WizardFrame } from './wizard-parts';

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


const opt = optional;
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

  const choice = useCategoryChoice(tenantId, 'INDIVIDUAL', watch('CATEGORIZATION.categoryId'));

  // the category's key values: the server's own rule (checkCategoryParameters), checked before leaving the step
  const next = async (e: React.FormEvent) => {
    e.preventDefault();
    if (step !== 0) return nextStep(e);
    const stepOk = await form.trigger(['PERSONAL_INFO', 'CATEGORIZATION'], { shouldFocus: true });
    const problems = choice.problems(getValues('params') ?? {});
    for (const [k, message] of problems) setError(`params.${k}`, { type: 'client', message });
    if (stepOk && !problems.length) go(1);
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
    const parametrization = choice.parametrization(v.params);
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
  return (
    <WizardFrame
      labels={STEPS.map((s) => s.label)}
      step={step}
      onSelect={go}
      onSubmit={step === REVIEW ? submit : next}
      alert={alert}
      notKept={wizard.resumed ? ['Password', 'Repeat password', 'Document file'] : null}
      onDismissResumed={wizard.dismissResumed}
      actions={
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
      }
    >
      {step === 0 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" autoComplete="off" error={errors.PERSONAL_INFO?.firstName?.message} {...register('PERSONAL_INFO.firstName')} />
          <Field label="Last name" autoComplete="off" error={errors.PERSONAL_INFO?.lastName?.message} {...register('PERSONAL_INFO.lastName')} />
          <Field label="Date of birth" type="date" error={errors.PERSONAL_INFO?.dateOfBirth?.message} {...register('PERSONAL_INFO.dateOfBirth')} />
          <SelectField label="Gender" options={GENDERS.map((g) => ({ value: g, label: humanize(g) }))} placeholder="Not given" error={errors.PERSONAL_INFO?.gender?.message} {...register('PERSONAL_INFO.gender', opt)} />
          <Field label="Nationality (ISO code)" placeholder="DE" maxLength={2} error={errors.PERSONAL_INFO?.nationality?.message} {...register('PERSONAL_INFO.nationality', opt)} />
          <Field label="Place of birth" error={errors.PERSONAL_INFO?.placeOfBirth?.message} {...register('PERSONAL_INFO.placeOfBirth', opt)} />
          <CategoryFields
            choice={choice}
            label="Category"
            emptyLabel="Choose a category"
            categoryField={register('CATEGORIZATION.categoryId')}
            categoryError={errors.CATEGORIZATION?.categoryId?.message}
            paramField={(key) => register(`params.${key}`)}
            paramError={(key) => errors.params?.[key]?.message}
          />
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
      {step === 4 ? <ConsentFields register={register} /> : null}
      {step === 5 ? <ActivationFields register={register} notesError={errors.ACTIVATION?.activationNotes?.message} /> : null}
      {step === REVIEW ? (
        <ReviewList
          rows={
            [
              ['Name', `${v.PERSONAL_INFO.firstName} ${v.PERSONAL_INFO.lastName}`],
              ['Date of birth', v.PERSONAL_INFO.dateOfBirth],
              ...categoryRows(choice, v.params, '—'),
              ['Email', v.email],
              ['Contact', `${humanize(v.CONTACT_INFO.contactType)}: ${v.CONTACT_INFO.contactValue}`],
              ['Address', `${v.ADDRESS_INFO.street}, ${v.ADDRESS_INFO.postalCode ?? ''} ${v.ADDRESS_INFO.city}, ${v.ADDRESS_INFO.country}`],
              ['Document', `${DOCUMENT_TYPE_LABELS[v.DOCUMENT_UPLOAD.documentType as keyof typeof DOCUMENT_TYPE_LABELS] ?? v.DOCUMENT_UPLOAD.documentType}${preview ? ` (${preview.name})` : ''}`],
              consentRow(v.CONSENT),
            ] as [string, string][]
          }
        />
      ) : null}
    </WizardFrame>
  );
}
