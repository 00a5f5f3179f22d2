'use client';

import { useEffect, useState } from 'react';
import { z } from 'zod';
import { CountryField } from '@/components/reference-data/reference-selects';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
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
  documentsStepSchema,
  documentUploadStepSchema,
  GENDERS,
  matchingPasswords,
  personalInfoStepSchema,
} from '@/lib/contract/onboarding';
import { useDraftWizard } from '@/lib/ui/use-wizard';
import { restoreLocalDraft, useDraftAutosave } from '@/lib/ui/use-draft-autosave';
import { DraftSaveLine } from './draft-save-state';
import { humanize } from '@/lib/contract/category-parameters';
import { DOCUMENT_REQUIREMENTS, DOCUMENT_TYPE_LABELS, requiredDocumentsFor, type DocumentRequirement } from '@/lib/contract/review';
import {
  ActivationFields,
  CategoryFields,
  categoryRows,
  ConsentFields,
  consentRow,
  DocumentSlotFields,
  optional,
  readDocumentFile,
  RegistrationFrame,
  ReviewList,
  useCategoryChoice,
  useCategoryRequirements,
  useDocumentSlotFiles,
  useRegistration,
} from './wizard-parts';

/**
 * Registration of an individual customer in six steps and a review. Each step validates with the
 * contract's step schema (the very ones the registration route composes); the server's answer is
 * mapped back onto the fields, and the wizard jumps to the first step with an error. A draft
 * (never the password, never the file) is kept in localStorage per tenant.
 */

const paramsSchema = z.record(z.string(), z.string());
const STEPS = [
  {
    label: 'Personal info',
    schema: z.object({ PERSONAL_INFO: personalInfoStepSchema, CATEGORIZATION: categorizationStepSchema, params: paramsSchema.optional() }),
    prefixes: ['PERSONAL_INFO', 'CATEGORIZATION', 'params', 'individualCustomer', 'customerCategory'],
  },
  {
    label: 'Contact',
    schema: z.object({ ...accountStepFields, CONTACT_INFO: contactInfoStepSchema }).superRefine(matchingPasswords),
    prefixes: ['CONTACT_INFO', 'email', 'phone', 'password', 'matchingPassword'],
  },
  { label: 'Address', schema: z.object({ ADDRESS_INFO: addressInfoStepSchema }), prefixes: ['ADDRESS_INFO'] },
  { label: 'Documents', schema: z.object({ DOCUMENT_UPLOAD: documentUploadStepSchema, DOCUMENTS: documentsStepSchema.optional() }), prefixes: ['DOCUMENT_UPLOAD', 'DOCUMENTS'] },
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
  /** the further documents the category's process asks for (a proof of address), one per requirement */
  DOCUMENTS: documentsStepSchema.optional(),
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
  DOCUMENTS: [],
  CONSENT: { termsAccepted: false, privacyAccepted: false, dataProcessingConsent: false, marketingConsent: false },
  ACTIVATION: { activationConfirm: true, welcomeEmailSent: false },
};

const opt = optional;
function withoutSecrets(values: Values): Values {
  return {
    ...values,
    password: '',
    matchingPassword: '',
    DOCUMENT_UPLOAD: { ...values.DOCUMENT_UPLOAD, documentFile: '' },
    DOCUMENTS: (values.DOCUMENTS ?? []).map((d) => ({ ...d, documentFile: '' })),
  };
}

/** The identity document is the Documents step's first slot; the category's process may ask for more (docs/category-processes.md). */
const DEFAULT_REQUIREMENTS = requiredDocumentsFor('INDIVIDUAL', null);
const DOCUMENTS_STEP = 3;
const extraDocument = (r: DocumentRequirement) => ({ documentType: DOCUMENT_REQUIREMENTS[r].documentTypes[0], documentFile: '' });

export function IndividualWizard({ tenantId }: { tenantId: string }) {
  const [preview, setPreview] = useState<{ name: string; url: string; type: string } | null>(null);
  // a reload restores at most to the documents step: the file is not in the draft
  const wizard = useDraftWizard<Values>({
    steps: STEPS,
    empty: EMPTY,
    draftKey: `bp.draft.individual.${tenantId}`,
    withoutSecrets,
    maxRestoreStep: 3,
    restoreLocal: restoreLocalDraft('INDIVIDUAL', tenantId),
  });
  // saved to the server as it goes (docs/drafts.md)
  const autosave = useDraftAutosave({ wizard, customerType: 'INDIVIDUAL', tenantId, empty: EMPTY });
  const { form, step, stepOf } = wizard;
  const { register, formState, watch, setValue, setError, clearErrors, control } = form;
  const errors = formState.errors;
  const extraFiles = useDocumentSlotFiles(form);

  const choice = useCategoryChoice(tenantId, 'INDIVIDUAL', watch('CATEGORIZATION.categoryId'));
  const extras = useCategoryRequirements(tenantId, watch('CATEGORIZATION.categoryId'), DEFAULT_REQUIREMENTS).filter((r) => r !== 'IDENTITY');
  // the Documents step follows the chosen category: one slot per further requirement, a slot kept while its kind stays
  const extrasLayout = extras.join(',');
  useEffect(() => {
    if (step !== DOCUMENTS_STEP) return;
    const current = form.getValues('DOCUMENTS') ?? [];
    const kinds = (d: { documentType: string }) => extras.find((r) => (DOCUMENT_REQUIREMENTS[r].documentTypes as readonly string[]).includes(d.documentType));
    if (current.length === extras.length && current.every((d, i) => kinds(d) === extras[i])) return;
    form.setValue(
      'DOCUMENTS',
      extras.map((r) => current.find((d) => kinds(d) === r) ?? extraDocument(r)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the layout string stands for the requirements
  }, [step, extrasLayout]);
  const { frame } = useRegistration<Values, Record<string, unknown>>({
    wizard: autosave.wizard,
    labels: STEPS.map((s) => s.label),
    tenantId,
    path: '/api/v2.1/customer/individual/registration',
    registered: 'Customer registered',
    review: REVIEW,
    choice,
    firstStepFields: ['PERSONAL_INFO', 'CATEGORIZATION'],
    body: (v, parametrization) => ({
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
      ...(v.DOCUMENTS?.length ? { DOCUMENTS: v.DOCUMENTS } : {}),
      CONSENT: v.CONSENT,
      ACTIVATION: v.ACTIVATION,
      ...autosave.reference(),
    }),
    mapField: (path) => (stepOf(path) !== null && !path.startsWith('individualCustomer') && !path.startsWith('customerCategory') ? path : undefined),
    mapKey: (key) => `params.${key}`,
  });

  const onFile = (file: File | undefined) => {
    clearErrors('DOCUMENT_UPLOAD.documentFile');
    setPreview(null);
    setValue('DOCUMENT_UPLOAD.documentFile', '');
    if (!file) return;
    readDocumentFile(
      file,
      (message) => setError('DOCUMENT_UPLOAD.documentFile', { type: 'client', message }),
      (url) => {
        setValue('DOCUMENT_UPLOAD.documentFile', url);
        setPreview({ name: file.name, url, type: file.type });
      },
    );
  };

  const v = watch();
  const extraSlots = extras.map((r, i) => ({ requirement: r, label: DOCUMENT_REQUIREMENTS[r].label, i })).filter((x) => v.DOCUMENTS?.[x.i]);
  return (
    <>
      <DraftSaveLine state={autosave.state} />
      <RegistrationFrame
        {...frame}
        submitLabel="Register customer"
        notKept={['Password', 'Repeat password', extras.length ? 'Document files' : 'Document file']}
        onDiscard={() => {
          setPreview(null);
          extraFiles.forget();
        }}
      >
        {step === 0 ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" autoComplete="off" error={errors.PERSONAL_INFO?.firstName?.message} {...register('PERSONAL_INFO.firstName')} />
            <Field label="Last name" autoComplete="off" error={errors.PERSONAL_INFO?.lastName?.message} {...register('PERSONAL_INFO.lastName')} />
            <Field label="Date of birth" type="date" error={errors.PERSONAL_INFO?.dateOfBirth?.message} {...register('PERSONAL_INFO.dateOfBirth')} />
            <SelectField
              label="Gender"
              options={GENDERS.map((g) => ({ value: g, label: humanize(g) }))}
              placeholder="Not given"
              error={errors.PERSONAL_INFO?.gender?.message}
              {...register('PERSONAL_INFO.gender', opt)}
            />
            <CountryField label="Nationality (ISO code)" optional error={errors.PERSONAL_INFO?.nationality?.message} control={control} name="PERSONAL_INFO.nationality" />
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
            <SelectField
              label="Contact type"
              options={CONTACT_TYPES.map((t) => ({ value: t, label: humanize(t) }))}
              error={errors.CONTACT_INFO?.contactType?.message}
              {...register('CONTACT_INFO.contactType')}
            />
            <Field label="Contact value" error={errors.CONTACT_INFO?.contactValue?.message} {...register('CONTACT_INFO.contactValue')} />
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
        {step === 2 ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Address type"
              options={ADDRESS_TYPES.map((t) => ({ value: t, label: humanize(t) }))}
              error={errors.ADDRESS_INFO?.addressType?.message}
              {...register('ADDRESS_INFO.addressType')}
            />
            <Field label="Street" error={errors.ADDRESS_INFO?.street?.message} {...register('ADDRESS_INFO.street')} />
            <Field label="Building" error={errors.ADDRESS_INFO?.building?.message} {...register('ADDRESS_INFO.building', opt)} />
            <Field label="Postal code" error={errors.ADDRESS_INFO?.postalCode?.message} {...register('ADDRESS_INFO.postalCode', opt)} />
            <Field label="City" error={errors.ADDRESS_INFO?.city?.message} {...register('ADDRESS_INFO.city')} />
            <CountryField label="Country (ISO code)" error={errors.ADDRESS_INFO?.country?.message} control={control} name="ADDRESS_INFO.country" />
          </div>
        ) : null}
        {step === DOCUMENTS_STEP ? (
          <div className="grid gap-4 sm:grid-cols-2">
            {extraSlots.length ? <h3 className="text-sm font-semibold text-ink sm:col-span-2">Identity document</h3> : null}
            <SelectField
              label="Document type"
              options={DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))}
              error={errors.DOCUMENT_UPLOAD?.documentType?.message}
              {...register('DOCUMENT_UPLOAD.documentType')}
            />
            <Field label="Document number" error={errors.DOCUMENT_UPLOAD?.documentNumber?.message} {...register('DOCUMENT_UPLOAD.documentNumber', opt)} />
            <CountryField label="Issuing country (ISO code)" optional error={errors.DOCUMENT_UPLOAD?.issuingCountry?.message} control={control} name="DOCUMENT_UPLOAD.issuingCountry" />
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
            {extraSlots.map(({ requirement, label, i }) => (
              <DocumentSlotFields
                key={requirement}
                form={form}
                index={i}
                files={extraFiles}
                className="sm:col-span-2"
                testId={`document-slot-${requirement}`}
                legend={
                  <>
                    {label} <span className="font-normal text-ink-muted">(required by {choice.category ? `category ${choice.category.name}` : 'this category'})</span>
                  </>
                }
                documentTypes={DOCUMENT_REQUIREMENTS[requirement].documentTypes}
                fileLabel={`File: ${label.toLowerCase()}`}
              />
            ))}
          </div>
        ) : null}
        {step === 4 ? <ConsentFields register={register} tenantId={tenantId} /> : null}
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
                [
                  'Document',
                  `${DOCUMENT_TYPE_LABELS[v.DOCUMENT_UPLOAD.documentType as keyof typeof DOCUMENT_TYPE_LABELS] ?? v.DOCUMENT_UPLOAD.documentType}${preview ? ` (${preview.name})` : ''}`,
                ],
                ...extraSlots.map(({ label, i }) => [label, extraFiles.chosen(i) ?? 'no file']),
                consentRow(v.CONSENT),
              ] as [string, string][]
            }
          />
        ) : null}
      </RegistrationFrame>
    </>
  );
}
