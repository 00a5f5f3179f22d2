'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CountrySelect } from '@/components/reference-data/reference-selects';
import { DOC_STATUS, docLabel } from '@/components/review/document-viewer';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { FormAlert, QueryError, Section } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES } from '@/lib/contract/onboarding';
import { DOCUMENT_REQUIREMENTS, DOCUMENT_TYPE_LABELS, documentUploadBodySchema, VERIFICATION_STATUS_LABELS, type DocumentRequirement } from '@/lib/contract/review';
import type { CustomerDocuments } from '@/lib/contract/review';
import { ApiClientError, apiFetch } from '@/lib/ui/fetcher';
import { Timeline } from './timeline';

type Docs = CustomerDocuments;

/** Reads a File as a data: URL (base64), the form the API takes. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

interface UploadDraft {
  documentType: string;
  documentNumber: string;
  issuingCountry: string;
  expiryDate: string;
  file: File | null;
}

/** One upload form: a replacement of a named document, or a new document of a required kind. */
function UploadForm({ base, replaces, defaultType, title, onDone }: { base: string; replaces?: string; defaultType: string; title: string; onDone: () => Promise<unknown> }) {
  const toast = useToast();
  const [d, setD] = useState<UploadDraft>({ documentType: defaultType, documentNumber: '', issuingCountry: '', expiryDate: '', file: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string[]>([]);
  const send = useMutation({
    mutationFn: async () => {
      const body = {
        documentType: d.documentType,
        documentNumber: d.documentNumber.trim() || undefined,
        issuingCountry: d.issuingCountry.trim() || undefined,
        expiryDate: d.expiryDate || undefined,
        documentFile: d.file ? await readAsDataUrl(d.file) : '',
        replacesDocumentId: replaces,
      };
      const parsed = documentUploadBodySchema.safeParse(body);
      if (!parsed.success) throw new ApiClientError(400, 400, 'request validation failed', { errors: parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) });
      if (d.file && d.file.size > MAX_DOCUMENT_BYTES)
        throw new ApiClientError(400, 400, 'request validation failed', { errors: [{ field: 'documentFile', message: 'the file must be at most 5 MiB' }] });
      return apiFetch<{ verificationStatus: string | null }>(`${base}/documents`, { method: 'POST', json: body, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    },
    onMutate: () => (setErrors({}), setAlert([])),
    onSuccess: async (r) => {
      toast('success', r.verificationStatus === 'PENDING_REVIEW' ? 'Uploaded: the case is back in the review queue' : 'Document uploaded');
      await onDone();
    },
    onError: (e) => {
      if (e instanceof ApiClientError && e.data.errors?.length) setErrors(Object.fromEntries(e.data.errors.map((x) => [x.field, x.message])));
      else setAlert([e instanceof Error ? e.message : 'upload failed']);
    },
  });
  return (
    <form
      className="space-y-2 rounded-lg p-3 ring-1 ring-slate-200"
      aria-label={title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate();
      }}
    >
      <p className="text-sm font-semibold">{title}</p>
      <FormAlert messages={alert} />
      <div className="grid gap-2 sm:grid-cols-2">
        <SelectField
          label="Document type"
          value={d.documentType}
          onChange={(e) => setD((x) => ({ ...x, documentType: e.target.value }))}
          options={DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))}
          error={errors.documentType}
        />
        <Field label="Document number" value={d.documentNumber} onChange={(e) => setD((x) => ({ ...x, documentNumber: e.target.value }))} error={errors.documentNumber} />
        <CountrySelect label="Issuing country" value={d.issuingCountry} onChange={(code) => setD((x) => ({ ...x, issuingCountry: code }))} error={errors.issuingCountry} />
        <Field label="Expiry date" type="date" value={d.expiryDate} onChange={(e) => setD((x) => ({ ...x, expiryDate: e.target.value }))} error={errors.expiryDate} />
      </div>
      <Field
        label="File (PDF, PNG or JPEG, at most 5 MiB)"
        type="file"
        accept="application/pdf,image/png,image/jpeg"
        onChange={(e) => setD((x) => ({ ...x, file: e.target.files?.[0] ?? null }))}
        error={errors.documentFile}
      />
      <Button type="submit" variant="secondary" disabled={send.isPending}>
        {send.isPending ? 'Uploading…' : 'Upload'}
      </Button>
    </form>
  );
}

/**
 * The customer page's onboarding panel: the documents with their review state, what a revision
 * request asks for with an upload per item, and the customer's timeline (with CSV export).
 */
export function CustomerReviewPanel({ customerId, customerType }: { customerId: string; customerType: 'INDIVIDUAL' | 'ORGANIZATION' }) {
  const client = useQueryClient();
  const base = `/api/v2.1/customer/${customerType === 'INDIVIDUAL' ? 'individual' : 'organization'}/${customerId}`;
  const q = useQuery({ queryKey: ['customer-documents', customerId], queryFn: () => apiFetch<Docs>(`${base}/documents`), refetchOnMount: 'always' });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['customer-documents', customerId] }),
      client.invalidateQueries({ queryKey: ['timeline'] }),
      client.invalidateQueries({ queryKey: ['customer', customerId] }),
    ]);
  const data = q.data;
  const rr = data?.revisionRequest;
  const open = data && data.verificationStatus !== 'APPROVED' && data.verificationStatus !== 'REJECTED';
  return (
    <div className="space-y-6">
      <Section title="Review documents" attention={Boolean(rr)}>
        <QueryError error={q.error} />
        {data ? (
          <div className="space-y-4">
            {data.verificationStatus ? (
              <p className="text-sm">
                Review: <Badge status={data.verificationStatus}>{VERIFICATION_STATUS_LABELS[data.verificationStatus]}</Badge>
              </p>
            ) : null}
            {rr ? (
              <div role="status" data-testid="revision-request" className="space-y-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
                <p className="font-semibold">
                  Revision requested by {rr.requestedByName} on {new Date(rr.requestedAt).toLocaleString()}
                </p>
                {rr.comment ? <p>“{rr.comment}”</p> : null}
                <ul className="ml-5 list-disc">
                  {rr.documentIds.map((id) => {
                    const doc = data.documents.find((x) => x.id === id);
                    return (
                      <li key={id}>
                        Replace: {doc ? `${docLabel(doc.documentType)} ${doc.documentNumber ?? ''}` : 'a document'} {rr.outstanding.documentIds.includes(id) ? '' : '(done)'}
                      </li>
                    );
                  })}
                  {rr.requirements.map((r) => (
                    <li key={r}>
                      Provide: {DOCUMENT_REQUIREMENTS[r as DocumentRequirement]?.label ?? r} {rr.outstanding.requirements.includes(r) ? '' : '(done)'}
                    </li>
                  ))}
                </ul>
                <div className="grid gap-3 md:grid-cols-2 [&>*]:min-w-0">
                  {rr.outstanding.documentIds.map((id) => {
                    const doc = data.documents.find((x) => x.id === id);
                    return (
                      <UploadForm
                        key={id}
                        base={base}
                        replaces={id}
                        defaultType={doc?.documentType ?? 'OTHER'}
                        title={`Replacement for ${doc ? docLabel(doc.documentType) : 'the document'}`}
                        onDone={refresh}
                      />
                    );
                  })}
                  {rr.outstanding.requirements.map((r) => (
                    <UploadForm
                      key={r}
                      base={base}
                      defaultType={DOCUMENT_REQUIREMENTS[r as DocumentRequirement]?.documentTypes[0] ?? 'OTHER'}
                      title={`New ${DOCUMENT_REQUIREMENTS[r as DocumentRequirement]?.label.toLowerCase() ?? 'document'}`}
                      onDone={refresh}
                    />
                  ))}
                </div>
              </div>
            ) : null}
            <ul className="space-y-1 text-sm" data-testid="required-documents">
              {data.requirements.map((r) => (
                <li key={`${r.requirement}-${r.representativeId ?? ''}`} className="flex items-center justify-between gap-2">
                  <span>{r.label}</span>
                  {r.satisfied ? <Badge tone="good">Accepted</Badge> : r.documentIds.length ? <Badge tone="warn">Not accepted yet</Badge> : <Badge tone="bad">Missing</Badge>}
                </li>
              ))}
            </ul>
            <ul className="divide-y divide-slate-100 text-sm">
              {data.documents.map((doc) => (
                <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {docLabel(doc.documentType)} {doc.documentNumber ?? ''} · uploaded by {doc.uploadedByName}, {new Date(doc.createdAt).toLocaleDateString()}
                    {doc.supersededBy ? ' · replaced' : ''}
                    {doc.expired ? ' · expired' : ''}
                  </span>
                  <Badge status={doc.status}>{DOC_STATUS[doc.status]}</Badge>
                </li>
              ))}
            </ul>
            {open && !rr ? <UploadForm base={base} defaultType="OTHER" title="Add a document" onDone={refresh} /> : null}
          </div>
        ) : null}
      </Section>
      <Timeline url={`${base}/timeline`} title="Onboarding timeline" />
    </div>
  );
}

/** The panel for a customer page that knows only the id: reads the customer's type first. */
export function CustomerOnboarding({ customerId }: { customerId: string }) {
  const q = useQuery({ queryKey: ['customer-type', customerId], queryFn: () => apiFetch<{ customerType: 'INDIVIDUAL' | 'ORGANIZATION' }>(`/api/v2.1/customers/${customerId}`) });
  return q.data ? <CustomerReviewPanel customerId={customerId} customerType={q.data.customerType} /> : null;
}
