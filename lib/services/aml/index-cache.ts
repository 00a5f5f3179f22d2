import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { AmlEntityType, EntryBirthDate, EntryName, ScreeningHit, ScreeningSubject } from '@/lib/contract/aml-model';
import { database, type Db, type DbOrTx } from '@/lib/db/client';
import { logger } from '@/lib/log';
import { pacer } from './pace';
import { DEFAULT_HIT_LIMIT, ScreeningIndex, type IndexEntry, type SearchOptions } from './matcher';

/**
 * The in-memory screening indexes of this process, one per list, each of exactly one version of the
 * list (docs/aml.md, "Several instances").
 *
 * Correct by construction: every screening first reads which version of each list is in force (one
 * cheap statement, `listsInForce`) and uses an index of exactly that version, building it when this
 * process has none yet. Fast by notification: an import commits `pg_notify('bp_aml', <list id>)`,
 * and every process that LISTENs brings its index of the list up to the new version at once, in the
 * background, so the next screening finds it ready.
 *
 * Following a version is incremental: the index of the version before stays, and a small index of
 * what the new version added or changed is laid over it, the entries it changed or removed hidden
 * in the layers below (`LayeredIndex`). Only a first build, a list several versions behind, or
 * layers grown past a fifth of the base read the whole list again, in pages.
 */
export const AML_INDEX_CHANNEL = 'bp_aml';
/** The channel an import notifies when it created re-screening runs (ongoing monitoring wakes on it). */
export const AML_RESCREEN_CHANNEL = 'bp_aml_rescreen';

/** What a screening searches: one index, or a list's layered index. */
export interface Searchable {
  readonly entryCount: number;
  readonly nameCount: number;
  search(subject: ScreeningSubject, options?: SearchOptions): ScreeningHit[];
}

interface Layer {
  index: ScreeningIndex;
  /** entries a later layer changed or removed: not answered from this layer */
  hidden: ReadonlySet<string>;
}

/** A base index with the indexes of later versions' changes laid over it. */
export class LayeredIndex implements Searchable {
  constructor(private readonly layers: readonly Layer[]) {}

  static of(index: ScreeningIndex): LayeredIndex {
    return new LayeredIndex([{ index, hidden: new Set() }]);
  }

  get entryCount(): number {
    return this.layers.reduce((n, l) => n + l.index.entryCount - l.hidden.size, 0);
  }

  get nameCount(): number {
    return this.layers.reduce((n, l) => n + l.index.nameCount, 0);
  }

  /** names in the layers above the base: what a compaction would fold in */
  get layeredNames(): number {
    return this.layers.slice(1).reduce((n, l) => n + l.index.nameCount, 0);
  }

  get depth(): number {
    return this.layers.length;
  }

  /** This index with a version's changes on top: `index` holds what it added or changed, `replaced` every entry it changed or removed. */
  withChanges(index: ScreeningIndex, replaced: readonly string[]): LayeredIndex {
    const layers = this.layers.map((l) => ({ index: l.index, hidden: replaced.length ? new Set([...l.hidden, ...replaced]) : l.hidden }));
    return new LayeredIndex([...layers, { index, hidden: new Set() }]);
  }

  search(subject: ScreeningSubject, options: SearchOptions = {}): ScreeningHit[] {
    if (this.layers.length === 1 && this.layers[0]!.hidden.size === 0) return this.layers[0]!.index.search(subject, options);
    const limit = options.limit ?? DEFAULT_HIT_LIMIT;
    const hits: ScreeningHit[] = [];
    for (const { index, hidden } of this.layers) {
      // a few more than asked, so that hidden entries cannot crowd out the ones in force
      for (const hit of index.search(subject, { ...options, limit: limit + Math.min(hidden.size, limit) })) if (!hidden.has(hit.entryKey)) hits.push(hit);
    }
    return hits.sort((a, b) => b.score - a.score || a.entryKey.localeCompare(b.entryKey)).slice(0, limit);
  }
}

export interface ListInForce {
  listId: string;
  listName: string;
  tenantId: string | null;
  versionId: string;
  versionNo: number;
}

interface Built {
  versionId: string;
  versionNo: number;
  index: LayeredIndex;
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
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** Entries read in pages: a 50,000-name list never sits in one result set, and requests are served between pages. */
const PAGE = 2000;
/** Layers on top of a base are folded into a new base past this share of its names, or this many versions. */
const MAX_LAYERED_SHARE = 0.2;
const MAX_DEPTH = 6;

type EntryRow = { id: string; entity_type: AmlEntityType; names: EntryName[] | string; birth_dates: EntryBirthDate[] | string; countries: string[] | string };
const toIndexEntry = (r: EntryRow): IndexEntry => ({ key: r.id, entityType: r.entity_type, names: json(r.names), birthDates: json(r.birth_dates), countries: json(r.countries) });

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

/** Every entry of a list in force, read in pages, and their index. */
async function buildWhole(db: DbOrTx, listId: string, paced: boolean): Promise<ScreeningIndex> {
  // background builds (ongoing monitoring) keep to their share of the thread; a screening's own build only yields
  const wait = paced ? pacer() : () => yieldToRequests();
  const entries: IndexEntry[] = [];
  // pages in the order of the (list_id, source_id) unique index: each is an index range scan, no sort
  let after = '';
  for (;;) {
    const rows = rowsOf<EntryRow & { source_id: string }>(
      await db.execute(sql`
        select id, source_id, entity_type, data->'names' as names, data->'birthDates' as birth_dates, data->'countries' as countries
        from aml_list_entries where list_id = ${listId}::uuid and source_id > ${after} and removed_version_id is null
        order by list_id, source_id limit ${PAGE}`),
    );
    for (const r of rows) entries.push(toIndexEntry(r));
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.source_id;
    await wait();
  }
  // built in slices, the requests waiting on this thread served between them
  return ScreeningIndex.buildAsync(entries, wait);
}

/**
 * What one version changed: the index of the entries it added or changed (their content in force
 * now), and every entry it added, changed or removed (hidden in the layers below).
 */
export async function versionChanges(db: DbOrTx, versionId: string): Promise<{ index: ScreeningIndex; replaced: string[] }> {
  const rows = rowsOf<EntryRow & { change: string; removed: boolean }>(
    await db.execute(sql`
      select e.id, c.change, (e.removed_version_id is not null) as removed, e.entity_type,
        e.data->'names' as names, e.data->'birthDates' as birth_dates, e.data->'countries' as countries
      from aml_list_changes c join aml_list_entries e on e.id = c.entry_id
      where c.version_id = ${versionId}::uuid`),
  );
  return { index: ScreeningIndex.build(rows.filter((r) => r.change !== 'REMOVED' && !r.removed).map(toIndexEntry)), replaced: rows.map((r) => r.id) };
}

/** The index of a list at `versionNo`: the previous index with the versions in between laid over it, or a whole new one. */
async function build(db: DbOrTx, listId: string, versionId: string, versionNo: number, previous: Built | undefined, paced: boolean): Promise<Built> {
  const started = performance.now();
  let index: LayeredIndex | null = null;
  if (previous && previous.versionNo < versionNo && previous.index.depth + (versionNo - previous.versionNo) <= MAX_DEPTH) {
    const between = rowsOf<{ id: string; version_no: number }>(
      await db.execute(
        sql`select id, version_no from aml_list_versions where list_id = ${listId}::uuid and version_no > ${previous.versionNo} and version_no <= ${versionNo} order by version_no`,
      ),
    );
    if (between.length === versionNo - previous.versionNo && between.at(-1)!.id === versionId) {
      index = previous.index;
      for (const v of between) {
        const changes = await versionChanges(db, v.id);
        index = index.withChanges(changes.index, changes.replaced);
      }
      if (index.layeredNames > MAX_LAYERED_SHARE * index.nameCount) index = null;
    }
  }
  const incremental = index !== null;
  index ??= LayeredIndex.of(await buildWhole(db, listId, paced));
  logger().debug({ listId, versionId, incremental, entries: index.entryCount, names: index.nameCount, ms: Math.round(performance.now() - started) }, 'aml index built');
  return { versionId, versionNo, index, builtAt: Date.now() };
}

/** The index of a list at exactly this version: the cached one, the build in flight, or a new build. */
export async function indexOf(db: DbOrTx, listId: string, versionId: string, versionNo: number, options: { paced?: boolean } = {}): Promise<Searchable> {
  const s = state();
  void listen();
  const cached = s.built.get(listId);
  if (cached?.versionId === versionId) return cached.index;
  const inFlight = s.building.get(listId);
  if (inFlight?.versionId === versionId) return (await inFlight.promise).index;
  const promise = build(db, listId, versionId, versionNo, cached, options.paced ?? false)
    .then((built) => {
      const current = s.built.get(listId);
      // a build of an older version that finished last does not replace a newer one
      if (!current || current.versionNo <= built.versionNo) s.built.set(listId, built);
      return built;
    })
    .finally(() => {
      if (s.building.get(listId)?.promise === promise) s.building.delete(listId);
    });
  s.building.set(listId, { versionId, promise });
  return (await promise).index;
}

/** A list whose index must follow an import now (its notification): the version in force is read, then laid over. */
async function refresh(db: Db, listId: string): Promise<void> {
  const s = state();
  const [row] = rowsOf<{ version_id: string | null; version_no: number | null; enabled: boolean }>(
    await db.execute(sql`select v.id as version_id, v.version_no, l.enabled from aml_lists l left join aml_list_versions v on v.id = l.current_version_id where l.id = ${listId}::uuid`),
  );
  if (!row || !row.version_id || !row.enabled) {
    s.built.delete(listId);
    return;
  }
  await indexOf(db, listId, row.version_id, Number(row.version_no));
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
      // only lists this process screens against (it has built them once) follow eagerly
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

/** Diagnostics, the metrics and the bench: which versions this process holds. */
export function indexState(): { listId: string; versionId: string; entries: number; names: number; layers: number; builtAt: string }[] {
  return [...state().built.entries()].map(([listId, b]) => ({
    listId,
    versionId: b.versionId,
    entries: b.index.entryCount,
    names: b.index.nameCount,
    layers: b.index.depth,
    builtAt: new Date(b.builtAt).toISOString(),
  }));
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
