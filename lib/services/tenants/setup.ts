import { sql, type SQL } from 'drizzle-orm';
import { MODULES, SETUP_STEPS, SETUP_STEP_IDS, type ModuleKey, type Preload, type SetupStepId, type TenantSetup } from '@/lib/contract/tenant-setup';
import type { DbOrTx } from '@/lib/db/client';
import { consentTexts, products, reviewSettings, tenantBranding, userRoles, users, webhookSubscriptions } from '@/lib/db/schema';
import { consentTextsInForce } from '@/lib/services/consent-templates/templates';
import { DEFAULT_CONSENT_VERSION } from '@/lib/services/onboarding/consents';
import type { TenantRow } from '@/lib/db/schema/tenants';
import { getHierarchy } from '@/lib/services/categorization/hierarchy';
import { referenceDataVersions, strongEtag, type Served } from '@/lib/services/reference-data/reference-data';
import { getBranding } from './branding';

/**
 * The first-run checklist and the preload document (docs/tenant-setup.md). Both are tables: a new
 * area of the tenant's configuration adds one check to SETUP_CHECKS (with its row in SETUP_STEPS,
 * lib/contract/tenant-setup.ts) and one loader to PRELOAD_SECTIONS (with its member in
 * preloadSchema); the compiler refuses one without the other.
 */

// ------------------------------------------------------------------------------- the checklist

/** When each step is done: an SQL condition on what exists in the tenant's data (never a stored tick). */
const SETUP_CHECKS: Record<SetupStepId, (tenantId: string) => SQL> = {
  // the administrator saved a branding
  branding: (t) => sql`exists (select 1 from ${tenantBranding} where ${tenantBranding.tenantId} = ${t})`,
  // the review settings were saved once (their defaults stand until then)
  reviewSettings: (t) => sql`exists (select 1 from ${reviewSettings} where ${reviewSettings.tenantId} = ${t})`,
  // a version of a consent text of the tenant's own was published (beyond the default 1.0 every tenant has)
  consentTemplates: (t) =>
    sql`exists (select 1 from ${consentTexts} where ${consentTexts.tenantId} = ${t} and ${consentTexts.status} = 'PUBLISHED' and ${consentTexts.version} <> ${DEFAULT_CONSENT_VERSION})`,
  // a product of the tenant's own (beyond the free defaults)
  products: (t) => sql`exists (select 1 from ${products} where ${products.tenantId} = ${t} and not ${products.isDefault})`,
  // an active staff user holds the compliance officer role
  firstOfficer: (t) =>
    sql`exists (select 1 from ${userRoles} join ${users} on ${users.tenantId} = ${userRoles.tenantId} and ${users.id} = ${userRoles.userId}
      where ${userRoles.tenantId} = ${t} and ${userRoles.role} = 'COMPLIANCE_OFFICER' and ${users.isActive} and ${users.customerId} is null)`,
  // a subscription of the tenant's own (not a customer's)
  webhook: (t) => sql`exists (select 1 from ${webhookSubscriptions} where ${webhookSubscriptions.tenantId} = ${t} and ${webhookSubscriptions.customerId} is null)`,
};

/** The checklist with each step ticked from the database, in one statement. */
export async function tenantSetup(db: DbOrTx, tenantId: string): Promise<TenantSetup> {
  const columns = SETUP_STEP_IDS.map((id) => sql`${SETUP_CHECKS[id](tenantId)} as ${sql.identifier(id)}`);
  const result = (await db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as { rows: Record<SetupStepId, boolean>[] };
  const ticks = result.rows[0]!;
  const steps = SETUP_STEP_IDS.map((id) => ({ id, ...SETUP_STEPS[id], done: ticks[id] === true }));
  const done = steps.filter((s) => s.done).length;
  return { complete: done === steps.length, done, total: steps.length, steps };
}

// ------------------------------------------------------------------------------------- preload

/** What the deployment offers (the caller knows: the card processor's configuration sits above the services). */
export interface Deployment {
  cardSandbox: boolean;
  sandboxFunding: boolean;
}

interface PreloadContext {
  db: DbOrTx;
  tenant: TenantRow;
  deployment: Deployment;
}

/** One loader per member of the preload document, in the document's order. */
const PRELOAD_SECTIONS: { [K in keyof Preload]: (ctx: PreloadContext) => Promise<Preload[K]> | Preload[K] } = {
  tenant: ({ tenant }) => ({ id: tenant.id, name: tenant.name, status: tenant.status }),
  branding: ({ db, tenant }) => getBranding(db, tenant),
  modules: ({ deployment }) => {
    const sandbox: Record<ModuleKey, boolean> = { onboarding: false, wallets: deployment.sandboxFunding, cards: deployment.cardSandbox, aml: false, webhooks: false };
    // every module is on for every tenant today; `enabled` is where a per-tenant switch will answer
    return (Object.keys(MODULES) as ModuleKey[]).map((key) => ({ key, label: MODULES[key], enabled: true, sandbox: sandbox[key] }));
  },
  referenceData: () => referenceDataVersions(),
  categories: async ({ db, tenant }) => (await getHierarchy(db, tenant.id)).categories.filter((c) => c.isActive),
  consents: ({ db, tenant }) => consentTextsInForce(db, tenant.id),
};

/** The preload document of a tenant, its Envelope A text and its strong ETag (of the content, computed per request). */
export async function preload(db: DbOrTx, tenant: TenantRow, deployment: Deployment): Promise<Served<Preload>> {
  const ctx = { db, tenant, deployment };
  const keys = Object.keys(PRELOAD_SECTIONS) as (keyof Preload)[];
  const values = await Promise.all(keys.map((k) => PRELOAD_SECTIONS[k](ctx)));
  const data = Object.fromEntries(keys.map((k, i) => [k, values[i]])) as Preload;
  const json = JSON.stringify(data);
  return { etag: strongEtag(json), body: `{"code":200,"message":"OK","data":${json}}`, data };
}
