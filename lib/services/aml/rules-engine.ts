import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import { AML_RULE_PARAMS, type AmlRuleParams, type AmlRuleType } from '@/lib/contract/aml';
import type { RuleFiring } from '@/lib/contract/aml-model';

/**
 * Transaction monitoring (docs/aml.md, "Rules"): the rules' logic, once. The database computes each
 * enabled rule's aggregates for a transfer in the statement that reads the transfer's rows
 * (`ruleAggregatesSql`: the same fragment for a live transfer and for a back-test over past ones),
 * and `evaluateRule` decides, as a plain function of the rule, the transfer and those aggregates,
 * whether the rule fires and says why in words.
 */
export interface RuleDefinition {
  id: string;
  name: string;
  ruleType: AmlRuleType;
  action: 'ALERT' | 'HOLD';
  version: number;
  params: Record<string, unknown>;
}

export interface TransferFacts {
  type: 'PAYOUT' | 'WALLET_TRANSFER';
  amount: string;
  currency: string;
  at: Date;
  /** a payout's beneficiary */
  beneficiary: { country: string; createdAt: Date } | null;
}

/** What the database counted for one rule (velocity and structuring: the customer's transfers in the window; rapid out: the wallet's credits). */
export interface RuleAggregates {
  count?: number | string | null;
  sum?: string | null;
  credited?: string | null;
}

const money = (v: Decimal.Value, currency: string) =>
  `${new Decimal(v).toDecimalPlaces(2).toNumber().toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })} ${currency}`;
const minutes = (m: number) => (m % 1440 === 0 ? `${m / 1440} day${m === 1440 ? '' : 's'}` : m % 60 === 0 ? `${m / 60} h` : `${m} min`);

/** The rule's parameters, parsed with its type's schema (a stored rule always parses: it was checked when saved). */
export function ruleParams<T extends AmlRuleType>(ruleType: T, params: Record<string, unknown>): AmlRuleParams[T] {
  return AML_RULE_PARAMS[ruleType].parse(params) as AmlRuleParams[T];
}

const inCurrency = (filter: string | null | undefined, currency: string) => !filter || filter === currency;

/** Whether the rule fires on the transfer, and why. Pure. */
export function evaluateRule(rule: RuleDefinition, t: TransferFacts, agg: RuleAggregates = {}): RuleFiring | null {
  const amount = new Decimal(t.amount);
  const fire = (reason: string, facts: RuleFiring['facts']): RuleFiring => ({
    ruleId: rule.id,
    ruleVersion: rule.version,
    ruleType: rule.ruleType,
    ruleName: rule.name,
    action: rule.action,
    reason,
    facts,
  });
  switch (rule.ruleType) {
    case 'LARGE_TRANSFER': {
      const p = ruleParams('LARGE_TRANSFER', rule.params);
      if (!inCurrency(p.currency, t.currency) || amount.lt(p.minAmount)) return null;
      return fire(`${money(amount, t.currency)} is at least ${money(p.minAmount, t.currency)}`, { amount: t.amount, minAmount: p.minAmount });
    }
    case 'VELOCITY': {
      const p = ruleParams('VELOCITY', rule.params);
      if (!inCurrency(p.currency, t.currency)) return null;
      const window = minutes(p.windowMinutes);
      // the database stops counting at maxCount (ruleAggregatesSql): then the count alone fires, and the sum is not all of them
      if (Number(agg.count ?? 0) >= p.maxCount) {
        return fire(`more than ${p.maxCount} transfers within ${window}`, {
          countInWindow: `more than ${p.maxCount}`,
          windowMinutes: p.windowMinutes,
          maxCount: p.maxCount,
          maxAmount: p.maxAmount,
        });
      }
      const count = Number(agg.count ?? 0) + 1;
      const sum = new Decimal(agg.sum ?? 0).plus(amount);
      const overCount = count > p.maxCount;
      const overAmount = sum.gt(p.maxAmount);
      if (!overCount && !overAmount) return null;
      const parts = [
        overCount ? `${count} transfers within ${window} (more than ${p.maxCount})` : null,
        overAmount ? `${money(sum, t.currency)} within ${window} (more than ${money(p.maxAmount, t.currency)})` : null,
      ];
      return fire(parts.filter(Boolean).join('; '), { countInWindow: count, amountInWindow: sum.toFixed(), windowMinutes: p.windowMinutes, maxCount: p.maxCount, maxAmount: p.maxAmount });
    }
    case 'STRUCTURING': {
      const p = ruleParams('STRUCTURING', rule.params);
      if (!inCurrency(p.currency, t.currency)) return null;
      const threshold = new Decimal(p.threshold);
      const floor = threshold.times(new Decimal(100).minus(p.marginPercent)).div(100);
      if (amount.lt(floor) || amount.gte(threshold)) return null;
      // the database stops counting at minCount - 1 others (ruleAggregatesSql): enough to decide, so the reason says "at least"
      if (Number(agg.count ?? 0) + 1 < p.minCount) return null;
      return fire(`at least ${p.minCount} transfers from ${money(floor, t.currency)} to just below ${money(threshold, t.currency)} within ${minutes(p.windowMinutes)}`, {
        countInBand: `at least ${p.minCount}`,
        bandFrom: floor.toFixed(),
        threshold: p.threshold,
        windowMinutes: p.windowMinutes,
        minCount: p.minCount,
      });
    }
    case 'NEW_BENEFICIARY': {
      const p = ruleParams('NEW_BENEFICIARY', rule.params);
      if (t.type !== 'PAYOUT' || !t.beneficiary || !inCurrency(p.currency, t.currency) || amount.lt(p.minAmount)) return null;
      const ageHours = (t.at.getTime() - t.beneficiary.createdAt.getTime()) / 3_600_000;
      if (ageHours > p.withinHours) return null;
      return fire(`${money(amount, t.currency)} to a beneficiary created ${ageHours < 1 ? `${Math.max(0, Math.round(ageHours * 60))} min` : `${Math.round(ageHours)} h`} ago`, {
        amount: t.amount,
        beneficiaryAgeHours: Math.round(ageHours * 100) / 100,
        withinHours: p.withinHours,
        minAmount: p.minAmount,
      });
    }
    case 'HIGH_RISK_COUNTRY': {
      const p = ruleParams('HIGH_RISK_COUNTRY', rule.params);
      if (t.type !== 'PAYOUT' || !t.beneficiary || !p.countries.includes(t.beneficiary.country)) return null;
      return fire(`payout to ${t.beneficiary.country}, on the tenant's list of high-risk countries`, { country: t.beneficiary.country });
    }
    case 'RAPID_OUT': {
      const p = ruleParams('RAPID_OUT', rule.params);
      const credited = new Decimal(agg.credited ?? 0);
      if (!inCurrency(p.currency, t.currency) || credited.lte(0)) return null;
      const percent = amount.div(credited).times(100);
      if (percent.lt(p.minPercent)) return null;
      return fire(`${money(amount, t.currency)} out, ${percent.toDecimalPlaces(0).toFixed()} % of the ${money(credited, t.currency)} credited within the last ${minutes(p.withinMinutes)}`, {
        amount: t.amount,
        creditedInWindow: credited.toFixed(),
        percent: percent.toDecimalPlaces(2).toNumber(),
        withinMinutes: p.withinMinutes,
      });
    }
  }
}

export function evaluateRules(rules: (RuleDefinition & { aggregates?: RuleAggregates })[], t: TransferFacts): RuleFiring[] {
  return rules.flatMap((r) => {
    const firing = evaluateRule(r, t, r.aggregates ?? {});
    return firing ? [firing] : [];
  });
}

/**
 * The aggregates of the rule `r` (a row of aml_rules in scope of the statement) for one transfer:
 * the references name the transfer's tenant, customer, source wallet, amount and time, and the
 * transfer to leave out (itself, when it is already a row). Used by the transfer path and by the
 * back-test.
 *
 * Each scan is bounded by what the rule can decide: velocity reads at most maxCount of the
 * customer's transfers in the window (with that many it fires whatever the amounts; with fewer it
 * has read them all, and their sum is exact), structuring reads nothing unless the transfer's own
 * amount is in the band, then at most minCount - 1 transfers. A customer with thousands of transfers
 * a day costs a rule no more than its own threshold.
 */
export function ruleAggregatesSql(refs: { tenantId: SQL; customerId: SQL; walletId: SQL; amount: SQL; asOf: SQL; excludeTransferId: SQL }): SQL {
  const p = (key: string) => sql`(r.params->>${key})`;
  const inWindow = sql`t.tenant_id = ${refs.tenantId} and t.customer_id = ${refs.customerId}
        and t.status in ('PENDING_APPROVAL', 'HELD_FOR_REVIEW', 'COMPLETED')
        and t.created_at > ${refs.asOf} - make_interval(mins => ${p('windowMinutes')}::int) and t.created_at <= ${refs.asOf}
        and (${p('currency')} is null or t.currency = ${p('currency')})
        and t.id is distinct from ${refs.excludeTransferId}`;
  const band = (amount: SQL) => sql`${amount} >= ${p('threshold')}::numeric * (100 - ${p('marginPercent')}::numeric) / 100 and ${amount} < ${p('threshold')}::numeric`;
  return sql`case
    when r.rule_type = 'VELOCITY' then (
      select json_build_object('count', count(*), 'sum', coalesce(sum(w.amount), 0)::text)
      from (select t.amount from transfers t where ${inWindow} limit ${p('maxCount')}::int) w)
    when r.rule_type = 'STRUCTURING' and ${band(refs.amount)} then (
      select json_build_object('count', count(*))
      from (select 1 from transfers t where ${inWindow} and ${band(sql`t.amount`)} limit ${p('minCount')}::int - 1) w)
    when r.rule_type = 'RAPID_OUT' then (
      select json_build_object('credited', coalesce(sum(jl.amount), 0)::text)
      from journal_lines jl
      where jl.tenant_id = ${refs.tenantId} and jl.account_id = ${refs.walletId} and jl.side = 'CREDIT'
        and jl.posted_at > ${refs.asOf} - make_interval(mins => ${p('withinMinutes')}::int) and jl.posted_at <= ${refs.asOf})
    else null end`;
}

/** The tenant's enabled rules with their aggregates for a live transfer, as one JSON array (a subselect of the transfer's first statement). */
export function liveRulesSql(tenantId: string, customerId: SQL, walletId: string, amount: string, asOf: Date): SQL {
  const refs = {
    tenantId: sql`${tenantId}::uuid`,
    customerId,
    walletId: sql`${walletId}::uuid`,
    amount: sql`${amount}::numeric`,
    asOf: sql`${asOf}::timestamptz`,
    excludeTransferId: sql`null::uuid`,
  };
  return sql`(select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'ruleType', r.rule_type, 'action', r.action, 'version', r.version, 'params', r.params,
      'aggregates', ${ruleAggregatesSql(refs)}) order by r.created_at, r.id), '[]'::json)
    from aml_rules r where r.tenant_id = ${tenantId}::uuid and r.enabled)`;
}

/**
 * Tenants this process has seen without an enabled monitoring rule: learned from every transfer's
 * read of the rules (learnRules), forgotten when a rule of the tenant is created or changed here. A
 * payout of such a tenant reads no rules (liveRulesSql is planned and run for nothing on every
 * payout of a tenant that has none); its posting statement checks instead that there still are
 * none (noEnabledRulesSql), so a rule enabled meanwhile, by this process or another, sends the
 * payout to the locked path, which reads and evaluates the rules (docs/aml.md). Kept on globalThis:
 * the rules' routes and the transfers' may be loaded as separate module instances.
 */
const ruleless = ((globalThis as unknown as { __bpTenantsWithoutRules?: Set<string> }).__bpTenantsWithoutRules ??= new Set<string>());

/** True when the tenant's last read of its rules found none enabled (this process's knowledge; the posting statement checks it). */
export const knownWithoutRules = (tenantId: string): boolean => ruleless.has(tenantId);

/** What a transfer's read of the tenant's enabled rules found: `enabled` rules. */
export function learnRules(tenantId: string, enabled: number): void {
  if (enabled === 0) ruleless.add(tenantId);
  else ruleless.delete(tenantId);
}

/** A rule of the tenant was created or changed in this process: read its rules again. */
export function forgetRulesOf(tenantId: string): void {
  ruleless.delete(tenantId);
}

/** The posting statement's check of a payout that read no rules: the tenant still has no enabled rule. */
export const noEnabledRulesSql = (tenantId: string): SQL => sql`not exists (select 1 from aml_rules r where r.tenant_id = ${tenantId}::uuid and r.enabled)`;
