import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as hierarchyRoute from '@/app/api/v2.1/categorization/hierarchy/[tenantId]/route';
import * as featuresRoute from '@/app/api/v2.1/categorization/features/route';
import * as featureRoute from '@/app/api/v2.1/categorization/features/[id]/route';
import * as categoriesRoute from '@/app/api/v2.1/categorization/categories/route';
import * as categoryRoute from '@/app/api/v2.1/categorization/categories/[id]/route';
import { DEFAULT_CATEGORIES, DEFAULT_FEATURES } from '@/lib/services/categorization/default-hierarchy';
import { call, contextHeaders, expectEnvelope } from './helpers';
import { createExtraAdmin, createIdentityTenant, firstAdmin, ISO, UUID, type TestTenant } from './identity-fixtures';
import { authed, categoryIds, individualBody, registerIndividual, resetOnboardingState, RETAIL_STANDARD_KEYS, tokenOf, uniq, type Json } from './onboarding-fixtures';

type Feature = { id: string; code: string; name: string; description: string; enabled: boolean; mandatoryKeys: string[]; allowedValues: Record<string, string[]> };
type Category = { id: string; code: string; name: string; description: string; customerType: string; riskLevel: string; isActive: boolean; features: Feature[] };
type Hierarchy = { tenantId: string; categories: Category[] };

let tenant: TestTenant;
let adminBearer: string;

beforeAll(async () => {
  tenant = await createIdentityTenant();
  adminBearer = await tokenOf(firstAdmin(tenant));
});
beforeEach(() => resetOnboardingState());

const hierarchy = (tenantId: string, headers: Record<string, string> = { 'X-Tenant-ID': tenantId }) =>
  call<Hierarchy>(hierarchyRoute.GET, { path: `/api/v2.1/categorization/hierarchy/${tenantId}`, headers, params: { tenantId } });
const createFeature = (token: string, body: unknown) => call<Json>(featuresRoute.POST, { method: 'POST', path: '/api/v2.1/categorization/features', headers: authed(token), body });
const updateFeature = (token: string, id: string, body: unknown) =>
  call<Json>(featureRoute.PATCH, { method: 'PATCH', path: `/api/v2.1/categorization/features/${id}`, headers: authed(token), params: { id }, body });
const createCategory = (token: string, body: unknown) => call<Category>(categoriesRoute.POST, { method: 'POST', path: '/api/v2.1/categorization/categories', headers: authed(token), body });
const updateCategory = (token: string, id: string, body: unknown) =>
  call<Category>(categoryRoute.PATCH, { method: 'PATCH', path: `/api/v2.1/categorization/categories/${id}`, headers: authed(token), params: { id }, body });
const validation = (errors: { field: string; message: string }[]) => ({ error: 'VALIDATION_FAILED', errors });

describe('GET /api/v2.1/categorization/hierarchy/{tenantId}', () => {
  it('every new tenant starts with the seeded default set: categories, features, mandatoryKeys, allowedValues', async () => {
    const res = await hierarchy(tenant.tenantId);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('OK');
    const expected = DEFAULT_CATEGORIES.map((c) => ({
      id: expect.stringMatching(UUID),
      code: c.code,
      name: c.name,
      description: c.description,
      customerType: c.customerType,
      riskLevel: c.riskLevel,
      isActive: true,
      features: [...c.features].sort().map((code) => {
        const f = DEFAULT_FEATURES.find((d) => d.code === code)!;
        return { id: expect.stringMatching(UUID), code, name: f.name, description: f.description, enabled: true, mandatoryKeys: f.mandatoryKeys, allowedValues: f.allowedValues };
      }),
    }));
    expect(res.json.data).toEqual({ tenantId: tenant.tenantId, categories: expected });
    // a feature shared by categories is one feature
    const kyc = res.json.data.categories.map((c) => c.features.find((f) => f.code === 'KYC_BASIC')?.id).filter(Boolean);
    expect(new Set(kyc).size).toBe(1);

    // another tenant gets its own copy
    const other = await createIdentityTenant();
    const otherRes = await hierarchy(other.tenantId);
    expect(otherRes.json.data.categories.map((c) => c.code)).toEqual(DEFAULT_CATEGORIES.map((c) => c.code));
    const ids = new Set(res.json.data.categories.map((c) => c.id));
    expect(otherRes.json.data.categories.some((c) => ids.has(c.id))).toBe(false);
  });

  it("another tenant's hierarchy: 403 with the requested tenant id", async () => {
    const other = await createIdentityTenant();
    expectEnvelope(await hierarchy(other.tenantId, { 'X-Tenant-ID': tenant.tenantId }), 403, 'tenant access denied or categorization not available', {
      error: 'TENANT_ACCESS_DENIED',
      tenantId: other.tenantId,
    });
  });

  it('an unknown tenant: 403; no X-Tenant-ID: 400; a path that is not a UUID: 400', async () => {
    const unknown = '0a0b0c0d-0000-4000-8000-00000000000e';
    expectEnvelope(await hierarchy(unknown), 403, 'tenant access denied or categorization not available', { error: 'TENANT_ACCESS_DENIED', tenantId: unknown });
    expectEnvelope(await hierarchy(tenant.tenantId, {}), 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: 'missing required headers: X-Tenant-ID',
      errors: [{ field: 'X-Tenant-ID', message: 'header is required' }],
    });
    const res = await call(hierarchyRoute.GET, { headers: { 'X-Tenant-ID': tenant.tenantId }, params: { tenantId: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.json.data).toMatchObject({ error: 'VALIDATION_FAILED', errors: [{ field: 'tenantId', message: expect.any(String) }] });
  });
});

describe('categorization administration (ADMIN_USER)', () => {
  it('creates a feature and a category using it; the hierarchy and the registration check follow at once', async () => {
    const code = uniq('SOURCE_OF_WEALTH_').toUpperCase();
    const feature = await createFeature(adminBearer, {
      code,
      name: 'Source of wealth',
      description: 'Where the wealth comes from',
      mandatoryKeys: ['wealthOrigin', 'wealthNote'],
      allowedValues: { wealthOrigin: ['INHERITANCE', 'BUSINESS_SALE', 'SAVINGS'] },
    });
    expect(feature.status, feature.text).toBe(200);
    expect(feature.json).toEqual({
      code: 200,
      message: 'feature created',
      data: {
        id: expect.stringMatching(UUID),
        tenantId: tenant.tenantId,
        code,
        name: 'Source of wealth',
        description: 'Where the wealth comes from',
        mandatoryKeys: ['wealthOrigin', 'wealthNote'],
        allowedValues: { wealthOrigin: ['INHERITANCE', 'BUSINESS_SALE', 'SAVINGS'] },
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      },
    });
    const featureId = feature.json.data.id as string;
    const kycId = (await hierarchy(tenant.tenantId)).json.data.categories[0]!.features[0]!.id;

    const categoryCode = uniq('PRIVATE_BANKING_').toUpperCase();
    const category = await createCategory(adminBearer, { code: categoryCode, name: 'Private banking', riskLevel: 'HIGH', featureIds: [featureId, kycId] });
    expect(category.status, category.text).toBe(200);
    expect(category.json.message).toBe('category created');
    expect(category.json.data).toEqual({
      id: expect.stringMatching(UUID),
      code: categoryCode,
      name: 'Private banking',
      description: '',
      customerType: 'INDIVIDUAL',
      riskLevel: 'HIGH',
      isActive: true,
      features: expect.arrayContaining([
        expect.objectContaining({ id: featureId, code, enabled: true, mandatoryKeys: ['wealthOrigin', 'wealthNote'] }),
        expect.objectContaining({ id: kycId, code: 'KYC_BASIC' }),
      ]),
    });
    expect(category.json.data.features).toHaveLength(2);
    const categoryId = category.json.data.id;
    expect((await hierarchy(tenant.tenantId)).json.data.categories.find((c) => c.id === categoryId)).toEqual(category.json.data);

    // the registration check uses the new rules: every mandatory key of both features
    const cats = await categoryIds(tenant.tenantId);
    const missing = await registerIndividual(individualBody(cats, { categoryId }), contextHeaders(tenant.tenantId));
    expectEnvelope(missing, 400, 'categorization validation failed', {
      error: 'CATEGORIZATION_VALIDATION_FAILED',
      details: `category ${categoryCode}: missing mandatory keys: wealthOrigin, wealthNote`,
      missingKeys: ['wealthOrigin', 'wealthNote'],
      invalidValues: {},
    });
    // a key without a list of allowed values takes any non-empty value
    const ok = await registerIndividual<Json>(
      individualBody(cats, { categoryId, parametrization: [...RETAIL_STANDARD_KEYS, { name: 'wealthOrigin', value: 'SAVINGS' }, { name: 'wealthNote', value: 'thirty years of thrift' }] }),
      contextHeaders(tenant.tenantId),
    );
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.data).toMatchObject({ categoryId, riskLevel: 'HIGH' });
  });

  it('PATCH a feature: changes apply to registrations at once; allowedValues may only name mandatory keys', async () => {
    const code = uniq('PURPOSE_').toUpperCase();
    const created = await createFeature(adminBearer, { code, name: 'Purpose', mandatoryKeys: ['purpose'], allowedValues: { purpose: ['SAVINGS'] } });
    const id = created.json.data.id as string;
    const category = await createCategory(adminBearer, { code: uniq('PURPOSEFUL_').toUpperCase(), name: 'Purposeful', riskLevel: 'LOW', featureIds: [id] });
    const categoryId = category.json.data.id;
    const cats = await categoryIds(tenant.tenantId);
    const register = () => registerIndividual(individualBody(cats, { categoryId, parametrization: [{ name: 'purpose', value: 'TRAVEL' }] }), contextHeaders(tenant.tenantId));
    expect((await register()).status).toBe(400);

    const updated = await updateFeature(adminBearer, id, { name: 'Account purpose', allowedValues: { purpose: ['SAVINGS', 'TRAVEL'] } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.message).toBe('feature updated');
    expect(updated.json.data).toMatchObject({ id, code, name: 'Account purpose', mandatoryKeys: ['purpose'], allowedValues: { purpose: ['SAVINGS', 'TRAVEL'] } });
    expect((await register()).status).toBe(200);

    expectEnvelope(
      await updateFeature(adminBearer, id, { allowedValues: { purpose: ['X'], colour: ['RED'] } }),
      400,
      'request validation failed',
      validation([{ field: 'allowedValues.colour', message: 'is not one of the mandatory keys' }]),
    );
    // dropping a mandatory key that still has allowed values is refused as well
    expectEnvelope(
      await updateFeature(adminBearer, id, { mandatoryKeys: [] }),
      400,
      'request validation failed',
      validation([{ field: 'allowedValues.purpose', message: 'is not one of the mandatory keys' }]),
    );
    expectEnvelope(await updateFeature(adminBearer, '6f1e2d3c-0000-4000-8000-000000000001', { name: 'x' }), 404, 'resource not found', { error: 'NOT_FOUND', details: 'feature not found' });
  });

  it('PATCH a category: deactivating makes it unavailable (403), featureIds replace the features', async () => {
    const category = await createCategory(adminBearer, { code: uniq('TEMP_').toUpperCase(), name: 'Temporary', riskLevel: 'LOW', featureIds: [] });
    const categoryId = category.json.data.id;
    const cats = await categoryIds(tenant.tenantId);
    const register = () => registerIndividual(individualBody(cats, { categoryId, parametrization: [] }), contextHeaders(tenant.tenantId));
    expect((await register()).status).toBe(200);

    const off = await updateCategory(adminBearer, categoryId, { isActive: false, name: 'Temporary (closed)' });
    expect(off.status).toBe(200);
    expect(off.json.message).toBe('category updated');
    expect(off.json.data).toMatchObject({ id: categoryId, isActive: false, name: 'Temporary (closed)' });
    expectEnvelope(await register(), 403, 'tenant access denied or categorization not available', { error: 'TENANT_ACCESS_DENIED', tenantId: tenant.tenantId });
    // still listed, as inactive
    expect((await hierarchy(tenant.tenantId)).json.data.categories.find((c) => c.id === categoryId)?.isActive).toBe(false);

    const kycId = (await hierarchy(tenant.tenantId)).json.data.categories[0]!.features[0]!.id;
    const on = await updateCategory(adminBearer, categoryId, { isActive: true, featureIds: [kycId] });
    expect(on.json.data.features.map((f) => f.code)).toEqual(['KYC_BASIC']);
    expectEnvelope(await register(), 400, 'categorization validation failed', {
      error: 'CATEGORIZATION_VALIDATION_FAILED',
      details: `category ${category.json.data.code}: missing mandatory keys: employmentStatus, sourceOfFunds`,
      missingKeys: ['employmentStatus', 'sourceOfFunds'],
      invalidValues: {},
    });
    expect((await updateCategory(adminBearer, categoryId, { featureIds: [] })).json.data.features).toEqual([]);
  });

  it('PATCH changes only what the body names (omitted fields keep their values, no defaults applied)', async () => {
    const cats = await categoryIds(tenant.tenantId);
    const before = (await hierarchy(tenant.tenantId)).json.data.categories.find((c) => c.id === cats.BUSINESS_STANDARD)!;
    const feature = before.features[0]!;
    const renamedFeature = await updateFeature(adminBearer, feature.id, { name: 'Business profile (v2)' });
    expect(renamedFeature.json.data).toMatchObject({
      name: 'Business profile (v2)',
      mandatoryKeys: feature.mandatoryKeys,
      allowedValues: feature.allowedValues,
      description: feature.description,
    });
    const renamed = await updateCategory(adminBearer, cats.BUSINESS_STANDARD!, { name: 'Business (renamed)' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.data).toEqual({ ...before, name: 'Business (renamed)', features: [{ ...feature, name: 'Business profile (v2)' }] });
  });

  it('validation: codes, duplicates, unknown features, unknown ids', async () => {
    expectEnvelope(
      await createFeature(adminBearer, { code: 'lower-case', name: '', mandatoryKeys: ['1bad'], allowedValues: { x: [] } }),
      400,
      'request validation failed',
      validation([
        { field: 'code', message: 'must be UPPER_SNAKE_CASE' },
        { field: 'name', message: 'must not be empty' },
        { field: 'mandatoryKeys.0', message: 'must be an identifier' },
        { field: 'allowedValues.x', message: 'Too small: expected array to have >=1 items' },
      ]),
    );
    expectEnvelope(
      await createFeature(adminBearer, { code: 'NEEDS_KEYS', name: 'n', allowedValues: { stray: ['A'] } }),
      400,
      'request validation failed',
      validation([{ field: 'allowedValues.stray', message: 'is not one of the mandatory keys' }]),
    );
    expectEnvelope(await createFeature(adminBearer, { code: 'KYC_BASIC', name: 'again' }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'a feature with this code already exists',
      field: 'code',
    });
    expectEnvelope(await createCategory(adminBearer, { code: 'RETAIL_STANDARD', name: 'again', riskLevel: 'LOW' }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'a category with this code already exists',
      field: 'code',
    });
    const unknownFeature = '6f1e2d3c-0000-4000-8000-000000000002';
    expectEnvelope(
      await createCategory(adminBearer, { code: uniq('X_').toUpperCase(), name: 'x', riskLevel: 'LOW', featureIds: [unknownFeature] }),
      400,
      'request validation failed',
      validation([{ field: 'featureIds', message: `unknown feature ${unknownFeature}` }]),
    );
    expectEnvelope(
      await createCategory(adminBearer, { code: uniq('Y_').toUpperCase(), name: 'y', riskLevel: 'EXTREME' }),
      400,
      'request validation failed',
      validation([{ field: 'riskLevel', message: 'Invalid option: expected one of "LOW"|"MEDIUM"|"HIGH"' }]),
    );
    expectEnvelope(await updateCategory(adminBearer, '6f1e2d3c-0000-4000-8000-000000000003', { name: 'x' }), 404, 'resource not found', {
      error: 'NOT_FOUND',
      details: 'category not found',
    });
    const cats = await categoryIds(tenant.tenantId);
    // an unknown feature id leaves the category as it was
    expectEnvelope(
      await updateCategory(adminBearer, cats.RETAIL_STANDARD!, { name: 'renamed', featureIds: [unknownFeature] }),
      400,
      'request validation failed',
      validation([{ field: 'featureIds', message: `unknown feature ${unknownFeature}` }]),
    );
    const retail = (await hierarchy(tenant.tenantId)).json.data.categories.find((c) => c.id === cats.RETAIL_STANDARD)!;
    expect(retail).toMatchObject({ name: 'Retail standard', features: [expect.objectContaining({ code: 'KYC_BASIC' })] });
    // a feature named twice is refused on its repeat (it answered 500: the join table's key refused the second row; found by the fuzzer)
    const kycBasic = retail.features[0]!.id;
    const twice = validation([{ field: 'featureIds.1', message: `${kycBasic} is named twice` }]);
    expectEnvelope(
      await createCategory(adminBearer, { code: uniq('W_').toUpperCase(), name: 'w', riskLevel: 'LOW', featureIds: [kycBasic, kycBasic] }),
      400,
      'request validation failed',
      twice,
    );
    expectEnvelope(await updateCategory(adminBearer, cats.RETAIL_STANDARD!, { name: 'renamed', featureIds: [kycBasic, kycBasic] }), 400, 'request validation failed', twice);
    expect((await hierarchy(tenant.tenantId)).json.data.categories.find((c) => c.id === cats.RETAIL_STANDARD)).toEqual(retail);
    const bad = await updateCategory(adminBearer, 'not-a-uuid', { name: 'x' });
    expectEnvelope(bad, 400, 'request validation failed', validation([{ field: 'id', message: 'must be a UUID' }]));
  });

  it("another tenant's features and categories are not found", async () => {
    const other = await createIdentityTenant();
    const otherCats = await categoryIds(other.tenantId);
    const otherFeature = (await hierarchy(other.tenantId)).json.data.categories[0]!.features[0]!.id;
    expectEnvelope(await updateCategory(adminBearer, otherCats.RETAIL_STANDARD!, { name: 'hijack' }), 404, 'resource not found', { error: 'NOT_FOUND', details: 'category not found' });
    expectEnvelope(await updateFeature(adminBearer, otherFeature, { name: 'hijack' }), 404, 'resource not found', { error: 'NOT_FOUND', details: 'feature not found' });
    expectEnvelope(
      await createCategory(adminBearer, { code: uniq('Z_').toUpperCase(), name: 'z', riskLevel: 'LOW', featureIds: [otherFeature] }),
      400,
      'request validation failed',
      validation([{ field: 'featureIds', message: `unknown feature ${otherFeature}` }]),
    );
    expect((await hierarchy(other.tenantId)).json.data.categories[0]!.name).toBe('Retail standard');
  });

  it('only ADMIN_USER: other roles 403, no credential 401', async () => {
    const officer = await createExtraAdmin(tenant, ['COMPLIANCE_OFFICER', 'EMPLOYEE']);
    const token = await tokenOf(officer);
    const forbidden = { error: 'FORBIDDEN', details: 'this operation requires one of the roles ADMIN_USER' };
    const cats = await categoryIds(tenant.tenantId);
    expectEnvelope(await createFeature(token, { code: 'OFFICER_FEATURE', name: 'x' }), 403, 'access denied', forbidden);
    expectEnvelope(await createCategory(token, { code: 'OFFICER_CATEGORY', name: 'x', riskLevel: 'LOW' }), 403, 'access denied', forbidden);
    expectEnvelope(await updateCategory(token, cats.RETAIL_STANDARD!, { isActive: false }), 403, 'access denied', forbidden);
    const anon = await call(featuresRoute.POST, { method: 'POST', headers: { 'X-Tenant-ID': tenant.tenantId }, body: { code: 'ANON', name: 'x' } });
    expectEnvelope(anon, 401, 'authentication required', { error: 'UNAUTHORIZED', details: 'sign in, or send Authorization: Bearer <token>' });
    expect(anon.headers.get('WWW-Authenticate')).toBe('Bearer');
  });
});
