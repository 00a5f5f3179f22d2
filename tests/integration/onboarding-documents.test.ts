import { and, count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_DOCUMENTS_PER_CUSTOMER, REGISTRATION_MAX_BODY_BYTES } from '@/lib/contract/onboarding';
import { getDb } from '@/lib/db/client';
import { countRoundTrips } from '@/lib/db/round-trips';
import { documents } from '@/lib/db/schema';
import { contextHeaders, expectEnvelope } from './helpers';
import { createExtraAdmin, createIdentityTenant, firstAdmin, type TestTenant } from './identity-fixtures';
import {
  b64,
  categoryIds,
  customerDocuments,
  decideDocument,
  getVerification,
  individualBody,
  makePdf,
  PNG,
  registerIndividual,
  resetOnboardingState,
  sha256,
  tokenOf,
  uploadDocument,
  type Categories,
} from './onboarding-fixtures';

/**
 * Issue 26, item 10: a customer's documents are listed, uploaded and decided on without reading
 * their bytes (only the content route reads them), and a customer holds at most
 * MAX_DOCUMENTS_PER_CUSTOMER documents, replaced ones included.
 */
let t: TestTenant;
let cats: Categories;
let adminToken: string;
let officerToken: string;

beforeAll(async () => {
  t = await createIdentityTenant();
  cats = await categoryIds(t.tenantId);
  adminToken = await tokenOf(firstAdmin(t));
  officerToken = await tokenOf(await createExtraAdmin(t, ['COMPLIANCE_OFFICER']));
});
beforeEach(() => resetOnboardingState());

async function registered(): Promise<{ customerId: string; verificationId: string }> {
  const res = await registerIndividual<{ customerId: string; verificationId: string }>(individualBody(cats), { ...contextHeaders(t.tenantId), authorization: `Bearer ${adminToken}` });
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}

/** The statements that name the documents' bytes: none but the INSERT's column list may. */
function readsContent(statements: string[]): string[] {
  return statements.filter((s) => s.replace(/^insert into "documents" \([^)]*\)/, '').includes('"content"'));
}

describe('document bytes stay in the database', () => {
  it('listing, uploading, the case and a decision read metadata only, replaced documents included', async () => {
    const c = await registered();
    const file = makePdf('Council tax bill');
    // a replaced document too: superseded ones are listed (history) and were read whole
    const upload = await countRoundTrips(() => uploadDocument(adminToken, c.customerId, { documentType: 'PROOF_OF_ADDRESS', documentFile: b64(file) }));
    expect(upload.result.status, upload.result.text).toBe(200);
    const uploadedId = (upload.result.json.data as { document: { id: string } }).document.id;
    const replace = await countRoundTrips(() => uploadDocument(adminToken, c.customerId, { documentType: 'PROOF_OF_ADDRESS', documentFile: b64(file), replacesDocumentId: uploadedId }));
    expect(replace.result.status, replace.result.text).toBe(200);
    const currentId = (replace.result.json.data as { document: { id: string } }).document.id;

    const list = await countRoundTrips(() => customerDocuments(adminToken, c.customerId));
    expect(list.result.status).toBe(200);
    const listed = (list.result.json.data as { documents: Array<{ id: string; sha256: string; sizeBytes: number; supersededBy: string | null }> }).documents;
    expect(listed.filter((d) => d.id === uploadedId || d.id === currentId).map((d) => [d.sha256, d.sizeBytes, d.supersededBy])).toEqual([
      [sha256(file), file.length, currentId],
      [sha256(file), file.length, null],
    ]);

    const theCase = await countRoundTrips(() => getVerification(officerToken, c.verificationId));
    expect(theCase.result.status).toBe(200);
    const decision = await countRoundTrips(() => decideDocument(officerToken, c.verificationId, currentId, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' }));
    expect(decision.result.status, decision.result.text).toBe(200);

    expect({
      upload: readsContent(upload.statements),
      replace: readsContent(replace.statements),
      list: readsContent(list.statements),
      case: readsContent(theCase.statements),
      decision: readsContent(decision.statements),
    }).toEqual({ upload: [], replace: [], list: [], case: [], decision: [] });
  });
});

describe('the upload route’s body limit', () => {
  it('takes the 8 MiB it declares (REGISTRATION_MAX_BODY_BYTES), not MAX_BODY_BYTES: a 3 MiB document is uploaded', async () => {
    // the bearer wrapper dropped the definition's maxBodyBytes: anything over 1 MiB (a 750 KiB file in base64) answered 413
    const c = await registered();
    const big = Buffer.concat([makePdf('Bank statement'), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const res = await uploadDocument(adminToken, c.customerId, { documentType: 'PROOF_OF_ADDRESS', documentFile: b64(big) });
    expect({ status: res.status, size: (res.json.data as { document?: { sizeBytes: number } })?.document?.sizeBytes }).toEqual({ status: 200, size: big.length });
    const over = Buffer.alloc(REGISTRATION_MAX_BODY_BYTES, 0x41);
    expectEnvelope(await uploadDocument(adminToken, c.customerId, { documentType: 'OTHER', documentFile: over.toString('latin1') }), 413, 'payload too large', {
      error: 'PAYLOAD_TOO_LARGE',
      details: `the body must be at most ${REGISTRATION_MAX_BODY_BYTES} bytes`,
    });
  });
});

describe('documents per customer', () => {
  it(`at most ${MAX_DOCUMENTS_PER_CUSTOMER}, replaced ones included: the next upload answers 409 DOCUMENT_LIMIT_REACHED and stores nothing`, async () => {
    const c = await registered();
    const db = await getDb();
    const held = async () =>
      (
        await db
          .select({ n: count() })
          .from(documents)
          .where(and(eq(documents.tenantId, t.tenantId), eq(documents.customerId, c.customerId)))
      )[0]!.n;
    // fill up to one below the limit directly (the registration brought its identity document)
    const [template] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.tenantId, t.tenantId), eq(documents.customerId, c.customerId)));
    const { id: _id, createdAt: _at, ...row } = template!;
    const missing = MAX_DOCUMENTS_PER_CUSTOMER - 1 - (await held());
    await db.insert(documents).values(Array.from({ length: missing }, () => ({ ...row, supersededBy: null })));
    expect(await held()).toBe(MAX_DOCUMENTS_PER_CUSTOMER - 1);

    const last = await uploadDocument(adminToken, c.customerId, { documentType: 'OTHER', documentFile: b64(PNG) });
    expect(last.status, last.text).toBe(200);
    const lastId = (last.json.data as { document: { id: string } }).document.id;
    expect(await held()).toBe(MAX_DOCUMENTS_PER_CUSTOMER);

    const refused = {
      error: 'DOCUMENT_LIMIT_REACHED',
      details: `the customer already has ${MAX_DOCUMENTS_PER_CUSTOMER} documents (replaced ones included), the most one customer may hold`,
      customerId: c.customerId,
      limit: MAX_DOCUMENTS_PER_CUSTOMER,
    };
    expectEnvelope(await uploadDocument(adminToken, c.customerId, { documentType: 'OTHER', documentFile: b64(PNG) }), 409, 'conflict', refused);
    // a replacement adds a row too (the replaced one stays as history)
    expectEnvelope(await uploadDocument(adminToken, c.customerId, { documentType: 'OTHER', documentFile: b64(PNG), replacesDocumentId: lastId }), 409, 'conflict', refused);
    expect(await held()).toBe(MAX_DOCUMENTS_PER_CUSTOMER);
    const [still] = await db
      .select({ supersededBy: documents.supersededBy })
      .from(documents)
      .where(and(eq(documents.tenantId, t.tenantId), eq(documents.id, lastId)));
    expect(still!.supersededBy).toBeNull();
  });
});
