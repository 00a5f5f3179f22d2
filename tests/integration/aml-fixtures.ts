import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import * as alertsRoute from '@/app/api/v2.1/aml/alerts/route';
import * as alertExportRoute from '@/app/api/v2.1/aml/alerts/export/route';
import * as alertRoute from '@/app/api/v2.1/aml/alerts/[alertId]/route';
import * as assignRoute from '@/app/api/v2.1/aml/alerts/[alertId]/assign/route';
import * as decisionsRoute from '@/app/api/v2.1/aml/alerts/[alertId]/decisions/route';
import * as listsRoute from '@/app/api/v2.1/aml/lists/route';
import * as listRoute from '@/app/api/v2.1/aml/lists/[listId]/route';
import * as entriesRoute from '@/app/api/v2.1/aml/lists/[listId]/entries/route';
import * as versionsRoute from '@/app/api/v2.1/aml/lists/[listId]/versions/route';
import * as versionRoute from '@/app/api/v2.1/aml/lists/[listId]/versions/[versionId]/route';
import * as rulesRoute from '@/app/api/v2.1/aml/rules/route';
import * as ruleRoute from '@/app/api/v2.1/aml/rules/[ruleId]/route';
import * as backtestRoute from '@/app/api/v2.1/aml/rules/[ruleId]/backtest/route';
import * as screeningsRoute from '@/app/api/v2.1/aml/screenings/route';
import * as searchRoute from '@/app/api/v2.1/aml/search/route';
import * as settingsRoute from '@/app/api/v2.1/aml/settings/route';
import * as platformListsRoute from '@/app/api/v2.1/platform/aml/lists/route';
import * as platformListRoute from '@/app/api/v2.1/platform/aml/lists/[listId]/route';
import * as platformVersionsRoute from '@/app/api/v2.1/platform/aml/lists/[listId]/versions/route';
import type { AmlAlertDetail, AmlList, AmlListVersion } from '@/lib/contract/aml';
import { getDb } from '@/lib/db/client';
import { resetAmlIndexes } from '@/lib/services/aml/index-cache';
import { call, platformAuth, type CallResult } from './helpers';
import { api, type Caller, type Json } from './ledger-fixtures';

/**
 * Fixtures of the AML tests (docs/aml.md): callers for every AML route, list files in our own CSV
 * layout built on the spot, and the small synthetic files in the official layouts that
 * tests/fixtures/aml holds (invented names only).
 */
export const amlRoutes = {
  lists: listsRoute,
  list: listRoute,
  entries: entriesRoute,
  versions: versionsRoute,
  version: versionRoute,
  platformLists: platformListsRoute,
  platformList: platformListRoute,
  platformVersions: platformVersionsRoute,
  search: searchRoute,
  screenings: screeningsRoute,
  alerts: alertsRoute,
  alertExport: alertExportRoute,
  alert: alertRoute,
  assign: assignRoute,
  decisions: decisionsRoute,
  rules: rulesRoute,
  rule: ruleRoute,
  backtest: backtestRoute,
  settings: settingsRoute,
};

export const FIXTURES = path.join(process.cwd(), 'tests', 'fixtures', 'aml');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
export const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

export interface OwnRow {
  id: string;
  name: string;
  aliases?: string[];
  type?: 'person' | 'organization';
  birthDate?: string;
  countries?: string[];
  program?: string;
  remarks?: string;
}

/** A list in our own CSV layout (docs/aml.md): id,name,aliases,type,birth_date,countries,program,remarks. */
export function ownCsv(rows: OwnRow[]): string {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const lines = rows.map((r) =>
    [r.id, r.name, (r.aliases ?? []).join('|'), r.type ?? 'person', r.birthDate ?? '', (r.countries ?? []).join('|'), r.program ?? 'TEST', r.remarks ?? ''].map(cell).join(','),
  );
  return ['id,name,aliases,type,birth_date,countries,program,remarks', ...lines].join('\n') + '\n';
}

export const upload = (main: string, extra: { alt?: string; add?: string; fileName?: string } = {}) => ({
  main: { fileName: extra.fileName ?? 'list.csv', content: b64(main) },
  ...(extra.alt ? { alt: { fileName: 'alt.csv', content: b64(extra.alt) } } : {}),
  ...(extra.add ? { add: { fileName: 'add.csv', content: b64(extra.add) } } : {}),
});

/** A tenant list of our own CSV, created and imported by the tenant's administrator. */
export async function tenantList(admin: Caller, rows: OwnRow[], options: { name?: string; kind?: string } = {}): Promise<{ list: AmlList; version: AmlListVersion }> {
  const created = await api<AmlList>(amlRoutes.lists.POST, admin, {
    method: 'POST',
    body: { name: options.name ?? `Blocklist ${Math.random().toString(36).slice(2, 8)}`, kind: options.kind ?? 'INTERNAL', format: 'OWN_CSV' },
  });
  expect(created.status, created.text).toBe(200);
  const version = await importInto(admin, created.json.data.id, ownCsv(rows));
  return { list: created.json.data, version };
}

export async function importInto(admin: Caller, listId: string, main: string): Promise<AmlListVersion> {
  const res = await api<AmlListVersion>(amlRoutes.versions.POST, admin, { method: 'POST', params: { listId }, body: upload(main) });
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}

/** A platform list (the operator's key), created and imported. */
export async function platformList(name: string, format: string, files: ReturnType<typeof upload>, kind = 'SANCTIONS') {
  const created = await call<AmlList>(amlRoutes.platformLists.POST, { method: 'POST', headers: platformAuth, body: { name, kind, format } });
  expect(created.status, created.text).toBe(200);
  const imported = await call<AmlListVersion>(amlRoutes.platformVersions.POST, { method: 'POST', headers: platformAuth, params: { listId: created.json.data.id }, body: files });
  return { list: created.json.data, imported };
}

export function alertsOf(caller: Caller, query = ''): Promise<CallResult<{ items: AmlAlertDetail[]; total: number }>> {
  return api(amlRoutes.alerts.GET, caller, { query });
}

export function alert(caller: Caller, alertId: string) {
  return api<AmlAlertDetail>(amlRoutes.alert.GET, caller, { params: { alertId } });
}

export function decideAlert(caller: Caller, alertId: string, body: Json) {
  return api<AmlAlertDetail>(amlRoutes.decisions.POST, caller, { method: 'POST', params: { alertId }, body });
}

export function assignAlert(caller: Caller, alertId: string, assigneeUserId: string | null) {
  return api<AmlAlertDetail>(amlRoutes.assign.POST, caller, { method: 'POST', params: { alertId }, body: { assigneeUserId } });
}

/** Platform lists are shared by every tenant of the database: a test file that creates some removes them after. */
export async function dropPlatformLists(): Promise<void> {
  const db = await getDb();
  const { sql } = await import('drizzle-orm');
  await db.execute(sql`delete from aml_lists where tenant_id is null`);
  await resetAmlIndexes();
}
