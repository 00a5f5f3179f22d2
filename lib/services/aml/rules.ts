import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '@/lib/clock';
import {
  AML_BACKTEST_MAX_TRANSFERS,
  AML_RULE_DEFAULTS,
  AML_RULE_PARAMS,
  type AmlRule,
  type AmlRuleType,
  type backtestAmlRuleBodySchema,
  type createAmlRuleBodySchema,
  type updateAmlRuleBodySchema,
} from '@/lib/contract/aml';
import { fromZodError, notFound, validationFailed } from '@/lib/contract/api-errors';
import { isUuid } from '@/lib/contract/common';
import type { DbOrTx } from '@/lib/db/client';
import { amlRules, amlRuleVersions, users, type AmlRuleRow } from '@/lib/db/schema';
import { evaluateRule, forgetRulesOf, ruleAggregatesSql, type RuleAggregates } from './rules-engine';

/**
 * The tenant's transaction-monitoring rules (docs/aml.md, "Rules"): each change is a new version,
 * kept with who made it; a back-test runs a rule over past transfers to show what it would have
 * caught, creating nothing.
 */
function ruleView(r: AmlRuleRow): AmlRule {
  return {
    id: r.id,
    name: r.name,
    ruleType: r.ruleType,
    enabled: r.enabled,
    action: r.action,
    params: r.params,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The rule type's parameters checked with its schema; 400 naming `params.<field>` otherwise. */
function checkParams(ruleType: AmlRuleType, params: Record<string, unknown>): Record<string, unknown> {
  const parsed = AML_RULE_PARAMS[ruleType].strict().safeParse(params);
  if (!parsed.success) throw fromZodError(parsed.error, 'params');
  return parsed.data as Record<string, unknown>;
}

export async function listRules(db: DbOrTx, tenantId: string) {
  const rows = await db.select().from(amlRules).where(eq(amlRules.tenantId, tenantId)).orderBy(asc(amlRules.createdAt), asc(amlRules.id));
  return { items: rows.map(ruleView), defaults: AML_RULE_DEFAULTS as Record<string, { name: string; params: Record<string, unknown> }> };
}

async function findRule(db: DbOrTx, tenantId: string, ruleId: string, lock = false): Promise<AmlRuleRow> {
  if (!isUuid(ruleId)) throw notFound('rule');
  const q = db
    .select()
    .from(amlRules)
    .where(and(eq(amlRules.tenantId, tenantId), eq(amlRules.id, ruleId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('rule');
  return row;
}

export async function getRule(db: DbOrTx, tenantId: string, ruleId: string) {
  const row = await findRule(db, tenantId, ruleId);
  const versions = await db
    .select()
    .from(amlRuleVersions)
    .where(and(eq(amlRuleVersions.tenantId, tenantId), eq(amlRuleVersions.ruleId, row.id)))
    .orderBy(desc(amlRuleVersions.version));
  const ids = [...new Set(versions.flatMap((v) => (v.changedBy ? [v.changedBy] : [])))];
  const people = ids.length
    ? await db
        .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)))
    : [];
  const names = new Map(people.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username]));
  return {
    ...ruleView(row),
    versions: versions.map((v) => ({
      version: v.version,
      name: v.name,
      enabled: v.enabled,
      action: v.action as AmlRule['action'],
      params: v.params,
      changedBy: v.changedBy,
      changedByName: v.changedBy ? (names.get(v.changedBy) ?? null) : null,
      changedAt: v.changedAt.toISOString(),
    })),
  };
}

async function recordVersion(tx: DbOrTx, r: AmlRuleRow, changedBy: string) {
  await tx
    .insert(amlRuleVersions)
    .values({ tenantId: r.tenantId, ruleId: r.id, version: r.version, name: r.name, enabled: r.enabled, action: r.action, params: r.params, changedBy, changedAt: clock.now() });
}

export async function createRule(db: DbOrTx, tenantId: string, actorUserId: string, body: z.infer<typeof createAmlRuleBodySchema>): Promise<AmlRule> {
  const params = checkParams(body.ruleType, body.params);
  const created = await db.transaction(async (tx) => {
    const now = clock.now();
    const [row] = await tx
      .insert(amlRules)
      .values({
        tenantId,
        name: body.name,
        ruleType: body.ruleType,
        enabled: body.enabled,
        action: body.action,
        params,
        version: 1,
        createdBy: actorUserId,
        updatedBy: actorUserId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordVersion(tx, row!, actorUserId);
    return ruleView(row!);
  });
  // committed: this process's payouts read the tenant's rules again (transfers.ts)
  forgetRulesOf(tenantId);
  return created;
}

/** A change makes a new version (an unchanged rule keeps its version). */
export async function updateRule(db: DbOrTx, tenantId: string, actorUserId: string, ruleId: string, body: z.infer<typeof updateAmlRuleBodySchema>): Promise<AmlRule> {
  const updated = await db.transaction(async (tx) => {
    const r = await findRule(tx, tenantId, ruleId, true);
    const next = {
      name: body.name ?? r.name,
      enabled: body.enabled ?? r.enabled,
      action: body.action ?? r.action,
      params: body.params ? checkParams(r.ruleType, body.params) : r.params,
    };
    if (canonical(next) === canonical({ name: r.name, enabled: r.enabled, action: r.action, params: r.params })) return ruleView(r);
    const [row] = await tx
      .update(amlRules)
      .set({ ...next, version: r.version + 1, updatedBy: actorUserId, updatedAt: clock.now() })
      .where(and(eq(amlRules.tenantId, tenantId), eq(amlRules.id, r.id)))
      .returning();
    await recordVersion(tx, row!, actorUserId);
    return ruleView(row!);
  });
  forgetRulesOf(tenantId);
  return updated;
}

const DAY = 86_400_000;

/** JSON with object keys sorted: jsonb keeps its own key order, so a stored rule compares by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What the rule (as it is now) would have caught among the tenant's transfers of the window: each
 * past transfer evaluated with the aggregates as of its own time (the transfers before it, the
 * credits before it). Reads only; at most AML_BACKTEST_MAX_TRANSFERS, the newest.
 */
export async function backtestRule(db: DbOrTx, tenantId: string, ruleId: string, body: z.infer<typeof backtestAmlRuleBodySchema>) {
  const r = await findRule(db, tenantId, ruleId);
  const to = body.to ? new Date(body.to) : clock.now();
  const from = body.from ? new Date(body.from) : new Date(to.getTime() - 30 * DAY);
  if (from >= to) throw validationFailed([{ field: 'from', message: 'must be before to' }]);
  const aggregates = ruleAggregatesSql({
    tenantId: sql`t0.tenant_id`,
    customerId: sql`t0.customer_id`,
    walletId: sql`t0.wallet_id`,
    amount: sql`t0.amount`,
    asOf: sql`t0.created_at`,
    excludeTransferId: sql`t0.id`,
  });
  const rows = (
    (await db.execute(sql`
    select t0.id, t0.customer_id, t0.wallet_id, t0.amount::text as amount, t0.currency, t0.status, t0.created_at,
      (t0.destination_wallet_id is not null) as wallet_transfer,
      b.country as beneficiary_country, b.created_at as beneficiary_created_at, coalesce(b.name, dw.name) as counterparty,
      ${aggregates} as aggregates
    from (select * from transfers t where t.tenant_id = ${tenantId}::uuid and t.created_at >= ${from} and t.created_at < ${to}
          order by t.created_at desc limit ${AML_BACKTEST_MAX_TRANSFERS + 1}) t0
    cross join (select * from aml_rules where tenant_id = ${tenantId}::uuid and id = ${r.id}::uuid) r
    left join beneficiaries b on b.tenant_id = t0.tenant_id and b.id = t0.beneficiary_id
    left join wallets dw on dw.tenant_id = t0.tenant_id and dw.id = t0.destination_wallet_id
    order by t0.created_at desc`)) as unknown as {
      rows: {
        id: string;
        customer_id: string;
        wallet_id: string;
        amount: string;
        currency: string;
        status: string;
        created_at: string | Date;
        wallet_transfer: boolean;
        beneficiary_country: string | null;
        beneficiary_created_at: string | Date | null;
        counterparty: string | null;
        aggregates: RuleAggregates | string | null;
      }[];
    }
  ).rows;
  const truncated = rows.length > AML_BACKTEST_MAX_TRANSFERS;
  const evaluated = rows.slice(0, AML_BACKTEST_MAX_TRANSFERS);
  const definition = { id: r.id, name: r.name, ruleType: r.ruleType, action: r.action, version: r.version, params: r.params };
  const matches = evaluated.flatMap((t) => {
    const agg = typeof t.aggregates === 'string' ? (JSON.parse(t.aggregates) as RuleAggregates) : (t.aggregates ?? {});
    const firing = evaluateRule(
      definition,
      {
        type: t.wallet_transfer ? 'WALLET_TRANSFER' : 'PAYOUT',
        amount: t.amount,
        currency: t.currency,
        at: new Date(t.created_at),
        beneficiary: t.beneficiary_country && t.beneficiary_created_at ? { country: t.beneficiary_country, createdAt: new Date(t.beneficiary_created_at) } : null,
      },
      agg,
    );
    return firing ? [{ t, reason: firing.reason }] : [];
  });
  return {
    ruleId: r.id,
    ruleVersion: r.version,
    from: from.toISOString(),
    to: to.toISOString(),
    transfersEvaluated: evaluated.length,
    truncated,
    matches: matches.length,
    customers: new Set(matches.map((m) => m.t.customer_id)).size,
    samples: matches.slice(0, 50).map(({ t, reason }) => ({
      id: t.id,
      customerId: t.customer_id,
      type: t.wallet_transfer ? ('WALLET_TRANSFER' as const) : ('PAYOUT' as const),
      status: t.status,
      amount: Number(t.amount).toFixed(2),
      currency: t.currency,
      counterparty: t.counterparty ?? '',
      walletId: t.wallet_id,
      createdAt: new Date(t.created_at).toISOString(),
      reason,
    })),
  };
}
