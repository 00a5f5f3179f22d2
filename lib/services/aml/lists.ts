import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import { getEnv } from '@/lib/env';
import { AML_LIST_MAX_BYTES, listNameTaken, type AmlList, type AmlListVersion, type ImportAmlListBody } from '@/lib/contract/aml';
import { ListFormatError, type AmlListFormat, type ListFiles, type ParsedEntry } from '@/lib/contract/aml-model';
import { forbidden, listFileInvalid, notFound, payloadTooLarge, validationFailed } from '@/lib/contract/api-errors';
import { isUuid } from '@/lib/contract/common';
import type { Db, DbOrTx } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { amlListChanges, amlListEntries, amlLists, amlListVersions, users, type AmlListRow, type AmlListVersionRow } from '@/lib/db/schema';
import { AML_RESCREEN_CHANNEL, notifyListChanged } from './index-cache';
import { diffEntries, entryHash } from './lists/diff';
import { parseList, type ListFileNames } from './lists/parse';
import { entryView } from './screening';

/**
 * Lists and their versions (docs/aml.md, "Lists"). A list belongs to the platform operator (tenant
 * null, screened for every tenant) or to one tenant. An import parses the whole upload first (a
 * malformed file is refused whole, naming the file, line and field, and the version in force stays
 * in force), then writes the new version, its entries and its difference to the previous version
 * in one transaction, enqueues the re-screening of ongoing monitoring and notifies every instance.
 */
export type ListOwner = { kind: 'platform' } | { kind: 'tenant'; tenantId: string };

const ownerFilter = (owner: ListOwner): SQL => (owner.kind === 'platform' ? isNull(amlLists.tenantId) : eq(amlLists.tenantId, owner.tenantId));
/** What a tenant sees: the platform's lists and its own. */
const visibleTo = (tenantId: string): SQL => or(isNull(amlLists.tenantId), eq(amlLists.tenantId, tenantId))!;

async function importerNames(db: DbOrTx, versions: AmlListVersionRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(versions.flatMap((v) => (v.importedBy ? [v.importedBy] : [])))];
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username]));
}

function versionView(v: AmlListVersionRow, names: Map<string, string>): AmlListVersion {
  return {
    id: v.id,
    listId: v.listId,
    versionNo: v.versionNo,
    entryCount: v.entryCount,
    nameCount: v.nameCount,
    added: v.added,
    changed: v.changed,
    removed: v.removed,
    sha256: v.sha256,
    fileNames: v.fileNames,
    source: v.source,
    importedBy: v.importedBy,
    importedByName: v.importedBy ? (names.get(v.importedBy) ?? null) : v.source === 'URL' ? 'Scheduled fetch' : 'Platform operator',
    createdAt: v.createdAt.toISOString(),
  };
}

function listView(l: AmlListRow, current: AmlListVersion | null): AmlList {
  return {
    id: l.id,
    scope: l.tenantId ? 'TENANT' : 'PLATFORM',
    name: l.name,
    kind: l.kind,
    format: l.format,
    enabled: l.enabled,
    sourceUrl: l.sourceUrl,
    refreshHours: l.refreshHours,
    nextFetchAt: l.sourceUrl && l.refreshHours ? (l.nextFetchAt?.toISOString() ?? null) : null,
    lastFetchedAt: l.lastFetchedAt?.toISOString() ?? null,
    lastFetchError: l.lastFetchError,
    currentVersion: current,
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  };
}

async function present(db: DbOrTx, rows: AmlListRow[]): Promise<AmlList[]> {
  const ids = rows.flatMap((l) => (l.currentVersionId ? [l.currentVersionId] : []));
  const versions = ids.length ? await db.select().from(amlListVersions).where(inArray(amlListVersions.id, ids)) : [];
  const names = await importerNames(db, versions);
  const byId = new Map(versions.map((v) => [v.id, versionView(v, names)]));
  return rows.map((l) => listView(l, l.currentVersionId ? (byId.get(l.currentVersionId) ?? null) : null));
}

export async function listLists(db: DbOrTx, scope: { tenantId: string } | { platform: true }): Promise<{ items: AmlList[] }> {
  const where = 'platform' in scope ? isNull(amlLists.tenantId) : visibleTo(scope.tenantId);
  const rows = await db
    .select()
    .from(amlLists)
    .where(where)
    .orderBy(sql`${amlLists.tenantId} nulls first`, amlLists.name);
  return { items: await present(db, rows) };
}

/** A list the caller may see (a tenant: the platform's and its own); 404 otherwise. */
async function visibleList(db: DbOrTx, listId: string, viewer: { tenantId: string } | { platform: true }): Promise<AmlListRow> {
  if (!isUuid(listId)) throw notFound('list');
  const where = 'platform' in viewer ? and(eq(amlLists.id, listId), isNull(amlLists.tenantId)) : and(eq(amlLists.id, listId), visibleTo(viewer.tenantId));
  const [row] = await db.select().from(amlLists).where(where);
  if (!row) throw notFound('list');
  return row;
}

/** A list the caller may change: the platform operator its own, a tenant its own (a platform list: 403). */
async function ownedList(db: DbOrTx, listId: string, owner: ListOwner, lock = false): Promise<AmlListRow> {
  const row = await visibleList(db, listId, owner.kind === 'platform' ? { platform: true } : { tenantId: owner.tenantId });
  if (owner.kind === 'tenant' && row.tenantId === null) throw forbidden('platform lists are managed by the platform operator; a tenant imports into its own lists');
  if (lock) await db.select({ id: amlLists.id }).from(amlLists).where(eq(amlLists.id, listId)).for('update');
  return row;
}

export async function getList(db: DbOrTx, listId: string, viewer: { tenantId: string } | { platform: true }) {
  const row = await visibleList(db, listId, viewer);
  const versions = await db.select().from(amlListVersions).where(eq(amlListVersions.listId, row.id)).orderBy(desc(amlListVersions.versionNo));
  const names = await importerNames(db, versions);
  const views = versions.map((v) => versionView(v, names));
  return { ...listView(row, views.find((v) => v.id === row.currentVersionId) ?? null), versions: views };
}

export interface CreateListInput {
  name: string;
  kind: AmlListRow['kind'];
  format: AmlListFormat;
  sourceUrl?: string | null;
  refreshHours?: number | null;
}

/** A list's source URL must be https, unless private networks are allowed (tests, local trials: WEBHOOK_ALLOW_PRIVATE_NETWORKS). */
function assertSourceUrl(url: string | null | undefined): void {
  if (url && !url.startsWith('https://') && !getEnv().WEBHOOK_ALLOW_PRIVATE_NETWORKS) throw validationFailed([{ field: 'sourceUrl', message: 'must be an https:// URL' }]);
}

export async function createList(db: DbOrTx, owner: ListOwner, input: CreateListInput, actorUserId: string | null): Promise<AmlList> {
  assertSourceUrl(input.sourceUrl);
  const scheduled = input.sourceUrl && input.refreshHours;
  try {
    const [row] = await db
      .insert(amlLists)
      .values({
        tenantId: owner.kind === 'tenant' ? owner.tenantId : null,
        name: input.name,
        kind: input.kind,
        format: input.format,
        sourceUrl: input.sourceUrl ?? null,
        refreshHours: input.refreshHours ?? null,
        nextFetchAt: scheduled ? clock.now() : null,
        createdBy: actorUserId,
      })
      .returning();
    return listView(row!, null);
  } catch (error) {
    if (isUniqueViolation(error, 'aml_lists_tenant_name_uq')) throw listNameTaken();
    throw error;
  }
}

export async function updateList(
  db: DbOrTx,
  owner: ListOwner,
  listId: string,
  patch: { name?: string; enabled?: boolean; sourceUrl?: string | null; refreshHours?: number | null },
): Promise<AmlList> {
  await ownedList(db, listId, owner);
  assertSourceUrl(patch.sourceUrl);
  const scheduleChanged = patch.sourceUrl !== undefined || patch.refreshHours !== undefined;
  try {
    const [row] = await db
      .update(amlLists)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
        ...(patch.sourceUrl !== undefined ? { sourceUrl: patch.sourceUrl } : {}),
        ...(patch.refreshHours !== undefined ? { refreshHours: patch.refreshHours } : {}),
        ...(scheduleChanged ? { nextFetchAt: clock.now() } : {}),
        updatedAt: clock.now(),
      })
      .where(and(eq(amlLists.id, listId), ownerFilter(owner)))
      .returning();
    // a list switched on or off changes what is screened: every instance rebuilds or drops its index
    if (patch.enabled !== undefined) await notifyListChanged(db, listId);
    return (await present(db, [row!]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error, 'aml_lists_tenant_name_uq')) throw listNameTaken();
    throw error;
  }
}

// ------------------------------------------------------------------------------------------------
// Import
// ------------------------------------------------------------------------------------------------

export interface DecodedUpload {
  files: ListFiles;
  /** the uploaded files' names, in the order main, alt, add */
  fileNames: string[];
  /** the same by role, for the parser's errors */
  names: ListFileNames;
  sha256: string;
}

/** Decodes the upload's base64 files: 400 naming a file that is not base64, 413 above AML_LIST_MAX_BYTES together. */
export function decodeUpload(body: ImportAmlListBody, format: AmlListFormat): DecodedUpload {
  const parts = (['main', 'alt', 'add'] as const).flatMap((role) => (body[role] ? [{ role, file: body[role]! }] : []));
  if (format !== 'OFAC_SDN_CSV') {
    const extra = parts.filter((p) => p.role !== 'main');
    if (extra.length) throw validationFailed(extra.map((p) => ({ field: p.role, message: 'only an OFAC SDN import takes alt.csv and add.csv' })));
  }
  const hash = createHash('sha256');
  let total = 0;
  const files: ListFiles = { main: '' };
  const names: ListFileNames = {};
  for (const { role, file } of parts) {
    names[role] = file.fileName;
    const content = file.content.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(content) || content.length % 4 === 1) throw validationFailed([{ field: `${role}.content`, message: 'must be base64' }]);
    const bytes = Buffer.from(content, 'base64');
    total += bytes.length;
    if (total > AML_LIST_MAX_BYTES) throw payloadTooLarge(AML_LIST_MAX_BYTES);
    hash.update(bytes);
    // UTF-8, without the byte order mark spreadsheets write
    files[role] = bytes.toString('utf8').replace(/^\uFEFF/, '');
  }
  return { files, fileNames: parts.map((p) => p.file.fileName), names, sha256: hash.digest('hex') };
}

/** The parsed entries of an upload, or 422 naming the file, line and field of the first fault. */
export function parseUpload(format: AmlListFormat, upload: DecodedUpload): ParsedEntry[] {
  try {
    return parseList(format, upload.files, upload.names);
  } catch (error) {
    if (error instanceof ListFormatError) throw listFileInvalid(error.file, error.line, error.field, error.problem);
    throw error;
  }
}

const CHUNK = 2000;
const chunks = <T>(items: T[], size = CHUNK): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Imports a new version of a list from an upload. One transaction: the version, its entries (added,
 * changed, removed; an entry that comes back is added again), the change rows, the list's version in
 * force, the re-screening runs of ongoing monitoring, and the notification to every instance.
 */
export async function importListVersion(
  db: Db,
  owner: ListOwner,
  listId: string,
  body: ImportAmlListBody,
  meta: { importedBy: string | null; source: 'UPLOAD' | 'URL' },
): Promise<AmlListVersion> {
  const list = await ownedList(db, listId, owner);
  const upload = decodeUpload(body, list.format);
  const parsed = parseUpload(list.format, upload);
  const hashed = parsed.map((entry) => ({ entry, hash: entryHash(entry) }));
  const version = await db.transaction(async (tx) => {
    await ownedList(tx, listId, owner, true);
    const existing = (
      (await tx.execute(sql`select id, source_id, hash, removed_version_id from aml_list_entries where list_id = ${listId}::uuid`)) as unknown as {
        rows: { id: string; source_id: string; hash: string; removed_version_id: string | null }[];
      }
    ).rows;
    const present = new Map(existing.filter((e) => !e.removed_version_id).map((e) => [e.source_id, e.hash]));
    const idOf = new Map(existing.map((e) => [e.source_id, e.id]));
    const diff = diffEntries(present, parsed);
    const [{ next }] = (
      (await tx.execute(sql`select coalesce(max(version_no), 0) + 1 as next from aml_list_versions where list_id = ${listId}::uuid`)) as unknown as { rows: [{ next: number }] }
    ).rows;
    const [v] = await tx
      .insert(amlListVersions)
      .values({
        listId,
        versionNo: Number(next),
        entryCount: parsed.length,
        nameCount: parsed.reduce((n, e) => n + e.names.length, 0),
        added: diff.added.length,
        changed: diff.changed.length,
        removed: diff.removed.length,
        sha256: upload.sha256,
        fileNames: upload.fileNames,
        source: meta.source,
        importedBy: meta.importedBy,
        createdAt: clock.now(),
      })
      .returning();
    const hashOf = new Map(hashed.map((h) => [h.entry.sourceId, h.hash]));
    // added or changed: one upsert per chunk, the rows passed as one JSON parameter
    const written = [...diff.added.map((e) => ({ e, change: 'ADDED' as const })), ...diff.changed.map((e) => ({ e, change: 'CHANGED' as const }))];
    for (const part of chunks(written)) {
      const rows = part.map(({ e }) => ({ source_id: e.sourceId, entity_type: e.entityType, primary_name: e.primaryName, data: e, hash: hashOf.get(e.sourceId)! }));
      const upserted = (
        (await tx.execute(sql`
        insert into aml_list_entries (list_id, source_id, entity_type, primary_name, data, hash, changed_version_id, removed_version_id)
        select ${listId}::uuid, x.source_id, x.entity_type, x.primary_name, x.data, x.hash, ${v!.id}::uuid, null
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(source_id text, entity_type text, primary_name text, data jsonb, hash text)
        on conflict (list_id, source_id) do update set entity_type = excluded.entity_type, primary_name = excluded.primary_name, data = excluded.data,
          hash = excluded.hash, changed_version_id = excluded.changed_version_id, removed_version_id = null
        returning id, source_id`)) as unknown as { rows: { id: string; source_id: string }[] }
      ).rows;
      for (const r of upserted) idOf.set(r.source_id, r.id);
    }
    for (const part of chunks(diff.removed)) {
      await tx
        .update(amlListEntries)
        .set({ removedVersionId: v!.id })
        .where(and(eq(amlListEntries.listId, listId), inArray(amlListEntries.sourceId, part)));
    }
    const changes = [...written.map(({ e, change }) => ({ entryId: idOf.get(e.sourceId)!, change })), ...diff.removed.map((s) => ({ entryId: idOf.get(s)!, change: 'REMOVED' as const }))];
    for (const part of chunks(changes)) await tx.insert(amlListChanges).values(part.map((c) => ({ versionId: v!.id, ...c })));
    await tx.update(amlLists).set({ currentVersionId: v!.id, updatedAt: clock.now() }).where(eq(amlLists.id, listId));
    // ongoing monitoring: every tenant the list applies to re-screens its subjects against what the version added or changed
    if (written.length && list.enabled) {
      await tx.execute(sql`
        insert into aml_rescreen_runs (tenant_id, list_id, version_id)
        select t.id, ${listId}::uuid, ${v!.id}::uuid from tenants t
        where ${list.tenantId ? sql`t.id = ${list.tenantId}::uuid` : sql`true`}
        on conflict do nothing`);
      await tx.execute(sql`select pg_notify(${AML_RESCREEN_CHANNEL}, ${v!.id})`);
    }
    await notifyListChanged(tx, listId);
    return v!;
  });
  return versionView(version, await importerNames(db, [version]));
}

// ------------------------------------------------------------------------------------------------
// Versions and entries
// ------------------------------------------------------------------------------------------------

export const VERSION_CHANGES_SHOWN = 500;

export async function getListVersion(db: DbOrTx, listId: string, versionId: string, viewer: { tenantId: string } | { platform: true }) {
  const list = await visibleList(db, listId, viewer);
  if (!isUuid(versionId)) throw notFound('list version');
  const [v] = await db
    .select()
    .from(amlListVersions)
    .where(and(eq(amlListVersions.listId, list.id), eq(amlListVersions.id, versionId)));
  if (!v) throw notFound('list version');
  const rows = await db
    .select({ change: amlListChanges.change, entryId: amlListEntries.id, sourceId: amlListEntries.sourceId, primaryName: amlListEntries.primaryName, entityType: amlListEntries.entityType })
    .from(amlListChanges)
    .innerJoin(amlListEntries, eq(amlListEntries.id, amlListChanges.entryId))
    .where(eq(amlListChanges.versionId, v.id))
    .orderBy(amlListChanges.change, amlListEntries.primaryName)
    .limit(VERSION_CHANGES_SHOWN + 1);
  return {
    ...versionView(v, await importerNames(db, [v])),
    changes: rows.slice(0, VERSION_CHANGES_SHOWN).map((r) => ({ ...r, entityType: r.entityType as ParsedEntry['entityType'] })),
    changesTruncated: rows.length > VERSION_CHANGES_SHOWN,
  };
}

export async function listEntries(
  db: DbOrTx,
  listId: string,
  viewer: { tenantId: string } | { platform: true },
  query: { page: number; pageSize: number; q?: string; includeRemoved?: 'true' | 'false' },
) {
  const list = await visibleList(db, listId, viewer);
  const q = query.q?.trim();
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(amlListEntries.listId, list.id),
    query.includeRemoved === 'true' ? undefined : isNull(amlListEntries.removedVersionId),
    like ? sql`(${amlListEntries.primaryName} ilike ${like} or ${amlListEntries.sourceId} = ${q} or (${amlListEntries.data}->'names')::text ilike ${like})` : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(amlListEntries)
      .where(where)
      .orderBy(amlListEntries.primaryName, amlListEntries.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(amlListEntries)
      .where(where),
  ]);
  return { items: rows.map((r) => entryView(r, list.name)), page: query.page, pageSize: query.pageSize, total: Number(totals[0]?.total ?? 0) };
}
