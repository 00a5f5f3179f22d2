import { sql } from 'drizzle-orm';
import type { AmlEntityType, EntryBirthDate, EntryName } from '@/lib/contract/aml-model';
import { database, type Db, type DbOrTx } from '@/lib/db/client';
import { logger } from '@/lib/log';
import { ScreeningIndex, type IndexEntry } from './matcher';

/**
 * The in-memory screening indexes of this process, one per list, each built from the list's entries
 * in force (docs/aml.md, "Several instances").
 *
 * Correct by construction: every screening first reads which version of each list is in force (one
 * cheap statement, `listsInForce`) and uses an index of exactly that version, building it when this
 * process has none yet. Fast by notification: an import commits `pg_notify('bp_aml', <list id>)`,
 * and every process that LISTENs rebuilds that list's index at once, in the background, so the next
 * screening finds it ready instead of building it in the request.
 */
export const AML_INDEX_CHANNEL = 'bp_aml';
/** The channel an import notifies when it created re-screening runs (ongoing monitoring wakes on it). */
export const AML_RESCREEN_CHANNEL = 'bp_aml_rescreen';

export interface ListInForce {
  listId: string;
  listName: string;
  tenantId: string | null;
  versionId: string;
  versionNo: number;
}

interface Built {
  versionId: string;
  index: ScreeningIndex;
  builtAt: number;
}

interface CacheState {
  built: Map<string, Built>;
  /** the build in flight per list, keyed by the version it builds */
  building: Map<string, { versionId: string; promise: Promise<Built> }>;
  listening: Db | null;
  stop: (() => Promise<void>) | null;
}

const holder = globalThis as unknown as { __bpAmlIndexes?: CacheState };
const state = (): CacheState => (holder.__bpAmlIndexes ??= { built: new Map(), building: new Map(), listening: null, stop: null });

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The enabled lists screened for a tenant (the platform's and its own) with their versions in force. */
export async function listsInForce(db: DbOrTx, tenantId: string): Promise<ListInForce[]> {
  const rows = rowsOf<{ list_id: string; list_name: string; tenant_id: string | null; version_id: string; version_no: number }>(
    await db.execute(sql`
      select l.id as list_id, l.name as list_name, l.tenant_id, v.id as version_id, v.version_no
      from aml_lists l join aml_list_versions v on v.id = l.current_version_id
      where (l.tenant_id = ${tenantId}::uuid or l.tenant_id is null) and l.enabled
      order by l.tenant_id nulls first, l.name`),
  );
  return rows.map((r) => ({ listId: r.list_id, listName: r.list_name, tenantId: r.tenant_id, versionId: r.version_id, versionNo: Number(r.version_no) }));
}

/** Reads a list's entries in force and builds their index. */
async function build(db: DbOrTx, listId: string, versionId: string): Promise<Built> {
  const started = performance.now();
  const rows = rowsOf<{ id: string; entity_type: AmlEntityType; names: EntryName[] | string; birth_dates: EntryBirthDate[] | string; countries: string[] | string }>(
    await db.execute(sql`
      select id, entity_type, data->'names' as names, data->'birthDates' as birth_dates, data->'countries' as countries
      from aml_list_entries where list_id = ${listId}::uuid and removed_version_id is null`),
  );
  const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  const entries: IndexEntry[] = rows.map((r) => ({ key: r.id, entityType: r.entity_type, names: json(r.names), birthDates: json(r.birth_dates), countries: json(r.countries) }));
  const index = ScreeningIndex.build(entries);
  logger().debug({ listId, versionId, entries: index.entryCount, names: index.nameCount, ms: Math.round(performance.now() - started) }, 'aml index built');
  return { versionId, index, builtAt: Date.now() };
}

/** The index of a list at exactly `versionId`: the cached one, the build in flight, or a new build. */
export async function indexOf(db: DbOrTx, listId: string, versionId: string): Promise<ScreeningIndex> {
  const s = state();
  void listen();
  const cached = s.built.get(listId);
  if (cached?.versionId === versionId) return cached.index;
  const inFlight = s.building.get(listId);
  if (inFlight?.versionId === versionId) return (await inFlight.promise).index;
  const promise = build(db, listId, versionId)
    .then((built) => {
      const current = s.built.get(listId);
      // a newer version may have been built meanwhile: keep the newest (version ids are not ordered, so: the last one asked for wins)
      if (s.building.get(listId)?.promise === promise || !current) s.built.set(listId, built);
      return built;
    })
    .finally(() => {
      if (s.building.get(listId)?.promise === promise) s.building.delete(listId);
    });
  s.building.set(listId, { versionId, promise });
  return (await promise).index;
}

/** A list whose index must be rebuilt now (its notification): the version in force is read, then built. */
async function refresh(db: Db, listId: string): Promise<void> {
  const s = state();
  const [row] = rowsOf<{ current_version_id: string | null; enabled: boolean }>(await db.execute(sql`select current_version_id, enabled from aml_lists where id = ${listId}::uuid`));
  if (!row || !row.current_version_id || !row.enabled) {
    s.built.delete(listId);
    return;
  }
  await indexOf(db, listId, row.current_version_id);
}

/** Starts listening for imports (once per process); a lost channel costs only latency: screenings check versions themselves. */
async function listen(): Promise<void> {
  const s = state();
  if (s.listening) return;
  const handle = await database().catch(() => null);
  if (!handle?.listen || s.listening) return;
  s.listening = handle.db;
  try {
    s.stop = await handle.listen(AML_INDEX_CHANNEL, (payload) => {
      if (!payload) return;
      // only lists this process screens against (it has built them once) are rebuilt eagerly
      if (!s.built.has(payload)) return;
      void refresh(handle.db, payload).catch((error: unknown) => logger().warn({ err: error, listId: payload }, 'aml index refresh failed'));
    });
  } catch (error) {
    s.listening = null;
    logger().warn({ err: error }, 'aml index: LISTEN failed; indexes follow imports at the next screening');
  }
}

/** The notification an import commits with (in the importing transaction). */
export function notifyListChanged(tx: DbOrTx, listId: string) {
  return tx.execute(sql`select pg_notify(${AML_INDEX_CHANNEL}, ${listId})`);
}

/** Diagnostics and the bench: which versions this process holds. */
export function indexState(): { listId: string; versionId: string; entries: number; names: number; builtAt: string }[] {
  return [...state().built.entries()].map(([listId, b]) => ({ listId, versionId: b.versionId, entries: b.index.entryCount, names: b.index.nameCount, builtAt: new Date(b.builtAt).toISOString() }));
}

/** Tests and shutdown: forget every index and stop listening. */
export async function resetAmlIndexes(): Promise<void> {
  const s = state();
  s.built.clear();
  s.building.clear();
  const stop = s.stop;
  s.stop = null;
  s.listening = null;
  await stop?.().catch(() => undefined);
}
