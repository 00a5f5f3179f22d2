import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { database, type Db, type DbOrTx } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { pause, SLICE_MS } from './pace';
import { logger } from '@/lib/log';
import { AML_RESCREEN_CHANNEL, indexOf, versionChanges, type Searchable } from './index-cache';
import { fetchDueLists } from './scheduled-fetch';
import { raiseScreeningAlerts, type FoundHit, type Subject } from './screening';
import { getAmlSettings } from './settings';

/**
 * Ongoing monitoring (docs/aml.md): every new list version re-screens every subject of the tenants
 * the list applies to (customers that are not closed, their representatives and owners, their active
 * beneficiaries) against what the version added or changed. One run per (tenant, version) in
 * aml_rescreen_runs, claimed under a lease by whichever worker process gets it, in batches that each
 * commit their alerts together with the run's cursor: a worker that dies leaves the lease to expire
 * and the next one goes on after the last committed batch. Only new hits raise alerts (the alerts'
 * unique key: subject, entry, entry content).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface Run {
  id: string;
  tenant_id: string;
  list_id: string;
  version_id: string;
  cursor: string | null;
  subjects_screened: number;
  alerts_created: number;
}

/** Takes the oldest run that is due and not leased (or whose lease expired). */
async function claimRun(db: Db, holder: string, leaseSeconds: number): Promise<Run | null> {
  const [run] = rowsOf<Run>(
    await db.execute(sql`
      update aml_rescreen_runs set status = 'RUNNING', lease_holder = ${holder}::uuid, lease_until = now() + make_interval(secs => ${leaseSeconds}::int),
        attempts = attempts + 1, started_at = coalesce(started_at, now())
      where id = (
        select id from aml_rescreen_runs
        where status in ('PENDING', 'RUNNING') and (lease_until is null or lease_until < now())
        order by created_at limit 1 for update skip locked)
      returning id, tenant_id, list_id, version_id, cursor, subjects_screened, alerts_created`),
  );
  return run ?? null;
}

/**
 * The index a run screens against: what its version added or changed, or the whole list's index
 * when the version replaced everything (a first import) and is still the one in force.
 */
const deltaCache = new Map<string, Searchable>();
async function deltaIndex(db: DbOrTx, listId: string, versionId: string): Promise<Searchable> {
  const cached = deltaCache.get(versionId);
  if (cached) return cached;
  const [v] = rowsOf<{ entry_count: number; added: number; changed: number; version_no: number; current: boolean }>(
    await db.execute(
      sql`select v.entry_count, v.added, v.changed, v.version_no, (l.current_version_id = v.id) as current from aml_list_versions v join aml_lists l on l.id = v.list_id where v.id = ${versionId}::uuid`,
    ),
  );
  const whole = v && v.current && Number(v.added) + Number(v.changed) >= Number(v.entry_count);
  const index = whole ? await indexOf(db, listId, versionId, Number(v.version_no), { paced: true }) : (await versionChanges(db, versionId)).index;
  if (deltaCache.size > 8) deltaCache.delete(deltaCache.keys().next().value!);
  deltaCache.set(versionId, index);
  return index;
}

const upper = (c: string | null) => (c ? c.trim().toUpperCase() : null);
const countriesOf = (values: (string | null)[]) => [...new Set(values.map(upper).filter((c): c is string => !!c && /^[A-Z]{2}$/.test(c)))];

/** The next batch of the tenant's subjects after the cursor, in one statement, ordered by `type:id`. */
export async function subjectBatch(db: DbOrTx, tenantId: string, after: string | null, limit: number): Promise<{ key: string; subject: Subject }[]> {
  const rows = rowsOf<{
    key: string;
    type: Subject['type'];
    id: string;
    customer_id: string;
    name: string;
    other_name: string | null;
    entity_type: 'PERSON' | 'ORGANIZATION' | null;
    birth_date: string | null;
    countries: (string | null)[] | string;
  }>(
    await db.execute(sql`
      select * from (
        select 'CUSTOMER:' || c.id as key, 'CUSTOMER' as type, c.id, c.id as customer_id,
          coalesce(p.first_name || ' ' || p.last_name, nullif(o.legal_name, ''), o.name, c.display_name) as name,
          case when o.trading_name is not null and o.trading_name <> coalesce(o.legal_name, o.name) then o.trading_name end as other_name,
          case c.customer_type when 'INDIVIDUAL' then 'PERSON' else 'ORGANIZATION' end as entity_type,
          p.date_of_birth::text as birth_date,
          (select coalesce(json_agg(a.country), '[]'::json) from addresses a where a.tenant_id = c.tenant_id and a.customer_id = c.id)::jsonb
            || jsonb_build_array(p.nationality) as countries
        from customers c
        left join persons p on p.tenant_id = c.tenant_id and p.customer_id = c.id
        left join organizations o on o.tenant_id = c.tenant_id and o.customer_id = c.id
        where c.tenant_id = ${tenantId}::uuid and c.status <> 'CLOSED'
        union all
        select 'REPRESENTATIVE:' || r.id, 'REPRESENTATIVE', r.id, o.customer_id, r.first_name || ' ' || r.last_name, null, 'PERSON',
          r.date_of_birth::text, jsonb_build_array(r.nationality)
        from representatives r
        join organizations o on o.tenant_id = r.tenant_id and o.id = r.organization_id
        join customers c on c.tenant_id = o.tenant_id and c.id = o.customer_id
        where r.tenant_id = ${tenantId}::uuid and c.status <> 'CLOSED'
        union all
        select 'BENEFICIARY:' || b.id, 'BENEFICIARY', b.id, b.customer_id, b.name, null, null, null, jsonb_build_array(b.country)
        from beneficiaries b
        join customers c on c.tenant_id = b.tenant_id and c.id = b.customer_id
        where b.tenant_id = ${tenantId}::uuid and b.status = 'ACTIVE' and c.status <> 'CLOSED'
      ) s
      where ${after}::text is null or s.key > ${after}::text
      order by s.key
      limit ${limit}`),
  );
  return rows.map((r) => {
    const countries = typeof r.countries === 'string' ? (JSON.parse(r.countries) as (string | null)[]) : r.countries;
    return {
      key: r.key,
      subject: {
        type: r.type,
        id: r.id,
        customerId: r.customer_id,
        label: r.name,
        subject: { name: r.name, entityType: r.entity_type, birthDate: r.birth_date, countries: countriesOf(countries) },
        otherNames: r.other_name ? [r.other_name] : [],
      },
    };
  });
}

export interface RescreenOptions {
  batchSize?: number;
  leaseSeconds?: number;
  /** stop after this many batches (tests: a worker that dies between batches) */
  maxBatches?: number;
}

/**
 * Runs one claimed run to its end (or to maxBatches): each batch screens its subjects, then commits
 * the new alerts, the cursor and the counts in one transaction, under the lease.
 */
export async function runOneRescreen(db: Db, options: RescreenOptions = {}): Promise<{ runId: string; done: boolean; screened: number; alerts: number } | null> {
  const holder = randomUUID();
  const leaseSeconds = options.leaseSeconds ?? 120;
  const batchSize = options.batchSize ?? getEnv().AML_RESCREEN_BATCH_SIZE;
  const run = await claimRun(db, holder, leaseSeconds);
  if (!run) return null;
  const log = logger().child({ component: 'aml-monitoring', runId: run.id, tenantId: run.tenant_id });
  try {
    const index = await deltaIndex(db, run.list_id, run.version_id);
    const threshold = Number((await getAmlSettings(db, run.tenant_id)).matchThreshold);
    let cursor = run.cursor;
    let screened = Number(run.subjects_screened);
    let alerts = Number(run.alerts_created);
    for (let batch = 0; options.maxBatches === undefined || batch < options.maxBatches; batch++) {
      const subjects = await subjectBatch(db, run.tenant_id, cursor, batchSize);
      const found: { subject: Subject; hits: FoundHit[] }[] = [];
      let sliceStarted = performance.now();
      for (const { subject } of subjects) {
        const hits = [subject.subject.name, ...subject.otherNames].flatMap((name) => index.search({ ...subject.subject, name }, { threshold, limit: 20 }));
        if (hits.length) found.push({ subject, hits: hits.map((hit) => ({ listId: run.list_id, entryId: hit.entryKey, hit })) });
        // a slice of at most SLICE_MS, then a pause that keeps the re-screening to its share of the thread
        const spent = performance.now() - sliceStarted;
        if (spent > SLICE_MS) {
          await pause(spent);
          sliceStarted = performance.now();
        }
      }
      const last = subjects.at(-1)?.key ?? cursor;
      const finished = subjects.length < batchSize;
      const created = await db.transaction(async (tx) => {
        const held = rowsOf<{ id: string }>(await tx.execute(sql`select id from aml_rescreen_runs where id = ${run.id}::uuid and lease_holder = ${holder}::uuid for update`));
        if (!held.length) throw new Error('lost the lease of the re-screening run');
        let n = 0;
        for (const f of found) {
          const best = new Map<string, FoundHit>();
          for (const h of f.hits) if (!best.has(h.entryId) || best.get(h.entryId)!.hit.score < h.hit.score) best.set(h.entryId, h);
          const ids = await raiseScreeningAlerts(tx, run.tenant_id, f.subject, [...best.values()]);
          n += ids.length;
          await tx.execute(sql`
            insert into aml_screenings (tenant_id, customer_id, subject_type, subject_id, subject, trigger, list_versions, hits, top_score, alerts_created)
            values (${run.tenant_id}::uuid, ${f.subject.customerId}::uuid, ${f.subject.type}, ${f.subject.id}::uuid, ${JSON.stringify(f.subject.subject)}::jsonb, 'LIST_UPDATE',
              ${JSON.stringify({ [run.list_id]: run.version_id })}::jsonb, ${best.size}, ${Math.max(...[...best.values()].map((h) => h.hit.score)).toFixed(3)}::numeric, ${ids.length})`);
        }
        await tx.execute(sql`
          update aml_rescreen_runs set cursor = ${last}, subjects_screened = subjects_screened + ${subjects.length}, alerts_created = alerts_created + ${n},
            ${finished ? sql`status = 'DONE', finished_at = now(), lease_holder = null, lease_until = null` : sql`lease_until = now() + make_interval(secs => ${leaseSeconds}::int)`}
          where id = ${run.id}::uuid`);
        return n;
      });
      screened += subjects.length;
      alerts += created;
      cursor = last;
      if (finished) {
        log.info({ screened, alerts }, 're-screening done');
        return { runId: run.id, done: true, screened, alerts };
      }
    }
    return { runId: run.id, done: false, screened, alerts };
  } catch (error) {
    log.error({ err: error }, 're-screening batch failed; the run goes on from its last batch at the next claim');
    await db
      .execute(
        sql`update aml_rescreen_runs set lease_holder = null, lease_until = now() + interval '5 seconds', last_error = ${String(error instanceof Error ? error.message : error).slice(0, 500)} where id = ${run.id}::uuid and lease_holder = ${holder}::uuid`,
      )
      .catch(() => undefined);
    return { runId: run.id, done: false, screened: Number(run.subjects_screened), alerts: Number(run.alerts_created) };
  }
}

/** Runs every due run until none is left (tests, and each wake-up of the monitor). */
export async function runDueRescreens(db: Db, options: RescreenOptions = {}): Promise<number> {
  let runs = 0;
  for (;;) {
    const result = await runOneRescreen(db, options);
    if (!result) return runs;
    runs++;
    if (!result.done) return runs;
  }
}

/** The monitor of a worker process: wakes on an import's notification, and polls as a fallback. */
export class AmlMonitor {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private again = false;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly pollMs: number,
  ) {}

  private wake = () => {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = fetchDueLists(this.db)
      .then(() => runDueRescreens(this.db))
      .catch((error: unknown) => logger().error({ err: error }, 'aml monitoring failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  };

  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(this.wake, this.pollMs);
    this.timer.unref();
    const handle = await database().catch(() => null);
    if (handle?.listen && handle.db === this.db) this.stopListening = await handle.listen(AML_RESCREEN_CHANNEL, () => this.wake()).catch(() => null);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.stopListening?.().catch(() => undefined);
    this.stopListening = null;
    await this.running;
  }
}

const holder = globalThis as unknown as { __bpAmlMonitor?: AmlMonitor };

export async function startAmlMonitor(db: Db, pollMs = 5000): Promise<AmlMonitor> {
  holder.__bpAmlMonitor ??= new AmlMonitor(db, pollMs);
  await holder.__bpAmlMonitor.start();
  return holder.__bpAmlMonitor;
}

export async function stopAmlMonitor(): Promise<void> {
  const monitor = holder.__bpAmlMonitor;
  holder.__bpAmlMonitor = undefined;
  await monitor?.stop();
}
