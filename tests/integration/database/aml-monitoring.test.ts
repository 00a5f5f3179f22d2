import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AmlListVersion } from '@/lib/contract/aml';
import { getDb } from '@/lib/db/client';
import { parseList } from '@/lib/services/aml/lists/parse';
import { runDueRescreens, runOneRescreen } from '@/lib/services/aml/monitoring';
import { fetchDueLists } from '@/lib/services/aml/scheduled-fetch';
import { indexState, resetAmlIndexes } from '@/lib/services/aml/index-cache';
import { resetEnvCache } from '@/lib/env';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, contextHeaders, createTenant, expectEnvelope, platformAuth, uniqueName } from '../helpers';
import { adminToken, firstAdmin, resetIdentityState } from '../identity-fixtures';
import { adminCaller, api, expectOk, type Caller } from '../ledger-fixtures';
import { categoryIds, individualBody, registerIndividual, type Categories } from '../onboarding-fixtures';
import { alertsOf, amlRoutes, decideAlert, dropPlatformLists, fixture, importInto, ownCsv, platformList, tenantList, upload } from '../aml-fixtures';

/**
 * Lists in the four layouts, and ongoing monitoring (docs/aml.md): a new list version re-screens
 * every subject of the tenants it applies to, in batches that survive a worker's death, and raises
 * alerts only for hits that are new.
 */
let tenant: Awaited<ReturnType<typeof createTenant>>;
let admin: Caller;
let officer: Caller;
let cats: Categories;

beforeAll(async () => {
  resetIdentityState();
  tenant = await createTenant(uniqueName('AmlMonitoring'));
  admin = { token: (await adminToken(firstAdmin(tenant))).token, userId: tenant.userId };
  officer = await adminCaller(tenant, ['COMPLIANCE_OFFICER']);
  cats = await categoryIds(tenant.tenantId);
});
beforeEach(() => resetIdentityState());
afterAll(async () => dropPlatformLists());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await (await getDb()).execute(query)) as unknown as { rows: T[] }).rows;

async function register(firstName: string, lastName: string): Promise<string> {
  const res = await registerIndividual<{ customerId: string }>(individualBody(cats, { firstName, lastName }), { ...contextHeaders(tenant.tenantId), authorization: `Bearer ${admin.token}` });
  expect(res.status, res.text).toBe(200);
  return res.json.data.customerId;
}

const customerAlerts = async (customerId: string) => (await alertsOf(officer, `customerId=${customerId}&pageSize=100`)).json.data.items;

describe('the four list layouts', () => {
  it.each([
    [
      'OFAC_SDN_CSV',
      () => upload(fixture('ofac/sdn.csv'), { fileName: 'sdn.csv', alt: fixture('ofac/alt.csv'), add: fixture('ofac/add.csv') }),
      { main: fixture('ofac/sdn.csv'), alt: fixture('ofac/alt.csv'), add: fixture('ofac/add.csv') },
      'KARVANOV, Dmitri Olegovich',
    ],
    ['EU_CSV', () => upload(fixture('eu/consolidated.csv'), { fileName: 'eu.csv' }), { main: fixture('eu/consolidated.csv').replace(/^\uFEFF/, '') }, 'Viktor Sergeyevich LOMAKIN'],
    ['UN_XML', () => upload(fixture('un/consolidated.xml'), { fileName: 'consolidated.xml' }), { main: fixture('un/consolidated.xml') }, 'GOLDEN CRESCENT EXCHANGE COMPANY'],
    [
      'OWN_CSV',
      () => upload(fixture('own/tenant-blocklist.csv'), { fileName: 'blocklist.csv' }),
      { main: fixture('own/tenant-blocklist.csv').replace(/^\uFEFF/, '') },
      'Nordlicht Handelskontor GmbH',
    ],
  ] as const)('imports %s as a platform list that every tenant screens against', async (format, files, raw, name) => {
    const { list, imported } = await platformList(uniqueName(format), format, files());
    expect(imported.status, imported.text).toBe(200);
    const expected = parseList(format, raw);
    expect(imported.json.data).toMatchObject({
      versionNo: 1,
      entryCount: expected.length,
      nameCount: expected.reduce((n, e) => n + e.names.length, 0),
      added: expected.length,
      changed: 0,
      removed: 0,
    });
    const found = expectOk(await api<{ hits: { entry: { listId: string; primaryName: string } }[] }>(amlRoutes.search.POST, officer, { method: 'POST', body: { name } }));
    expect(found.hits.map((h) => `${h.entry.listId}:${h.entry.primaryName}`)).toContain(`${list.id}:${name}`);
    // nothing screens against it once the operator switches it off
    expect((await call(amlRoutes.platformList.PATCH, { method: 'PATCH', headers: platformAuth, params: { listId: list.id }, body: { enabled: false } })).status).toBe(200);
    const after = expectOk(await api<{ hits: { entry: { listId: string } }[] }>(amlRoutes.search.POST, officer, { method: 'POST', body: { name } }));
    expect(after.hits.map((h) => h.entry.listId)).not.toContain(list.id);
  });

  it('refuses a malformed OFAC file at its line and column, naming the uploaded file', async () => {
    const created = await platformList(uniqueName('OFAC'), 'OFAC_SDN_CSV', upload(fixture('ofac/sdn.csv'), { fileName: 'sdn.csv' }));
    const res = await call<Record<string, unknown>>(amlRoutes.platformVersions.POST, {
      method: 'POST',
      headers: platformAuth,
      params: { listId: created.list.id },
      body: upload(fixture('ofac/malformed/sdn-bad-type.csv'), { fileName: 'sdn-2026-11.csv' }),
    });
    expect(res.status, res.text).toBe(422);
    expect(res.json.data).toMatchObject({ error: 'LIST_FILE_INVALID', file: 'sdn-2026-11.csv' });
    expect(typeof res.json.data.line).toBe('number');
  });
});

describe('ongoing monitoring', () => {
  it('a new version re-screens existing customers and raises alerts only for new hits', async () => {
    await runDueRescreens(await getDb());
    const ingrid = await register('Ingrid', 'Solbakken');
    const other = await register('Harald', 'Testesen');
    const { list } = await tenantList(admin, [{ id: 'E1', name: 'Somebody Else' }], { name: 'Monitoring list' });
    await runDueRescreens(await getDb());
    expect(await customerAlerts(ingrid)).toEqual([]);

    // the list grows: the customer is screened again, in the worker
    const v2 = await importInto(
      admin,
      list.id,
      ownCsv([
        { id: 'E1', name: 'Somebody Else' },
        { id: 'E2', name: 'Ingrid Solbakken', birthDate: '1990' },
      ]),
    );
    expect(v2).toMatchObject({ added: 1, changed: 0, removed: 0 });
    const [run] = await rows<{ status: string; version_id: string }>(sql`select status, version_id from aml_rescreen_runs where version_id = ${v2.id}::uuid`);
    expect(run).toEqual({ status: 'PENDING', version_id: v2.id });
    expect(await runDueRescreens(await getDb())).toBe(1);
    const raised = await customerAlerts(ingrid);
    expect(raised.map((a) => [a.subjectName, a.matchedName, a.status])).toEqual([['Ingrid Solbakken', 'Ingrid Solbakken', 'OPEN']]);
    expect(await customerAlerts(other)).toEqual([]);
    const [screening] = await rows<{ trigger: string; alerts_created: number }>(
      sql`select trigger, alerts_created from aml_screenings where customer_id = ${ingrid}::uuid and trigger = 'LIST_UPDATE'`,
    );
    expect(screening).toEqual({ trigger: 'LIST_UPDATE', alerts_created: 1 });

    // decided, the hit is not raised again by an unchanged entry ...
    expect((await decideAlert(officer, raised[0]!.id, { decision: 'FALSE_POSITIVE', reasonCode: 'NAME_ONLY_SIMILARITY', comment: 'another Ingrid' })).status).toBe(200);
    const v3 = await importInto(
      admin,
      list.id,
      ownCsv([
        { id: 'E2', name: 'Ingrid Solbakken', birthDate: '1990' },
        { id: 'E3', name: 'Third Person' },
      ]),
    );
    expect(v3).toMatchObject({ added: 1, changed: 0, removed: 1 });
    await runDueRescreens(await getDb());
    expect((await customerAlerts(ingrid)).length).toBe(1);
    // ... but again once its list entry changed
    const v4 = await importInto(
      admin,
      list.id,
      ownCsv([
        { id: 'E2', name: 'Ingrid Solbakken', aliases: ['Inga Solbakken'], birthDate: '1990' },
        { id: 'E3', name: 'Third Person' },
      ]),
    );
    expect(v4).toMatchObject({ added: 0, changed: 1, removed: 0 });
    await runDueRescreens(await getDb());
    const now = await customerAlerts(ingrid);
    expect(now.map((a) => a.status).sort()).toEqual(['FALSE_POSITIVE', 'OPEN']);
    // an identical import records a version with no difference and starts no run
    const v5 = await importInto(
      admin,
      list.id,
      ownCsv([
        { id: 'E2', name: 'Ingrid Solbakken', aliases: ['Inga Solbakken'], birthDate: '1990' },
        { id: 'E3', name: 'Third Person' },
      ]),
    );
    expect(v5).toMatchObject({ added: 0, changed: 0, removed: 0 });
    expect(await rows(sql`select id from aml_rescreen_runs where version_id = ${v5.id}::uuid`)).toEqual([]);
  });

  it('goes on after the last committed batch when the worker running it died', async () => {
    await runDueRescreens(await getDb());
    const names = ['Aslaug Brekkestad', 'Birger Holmefjord', 'Cecilie Nygaardsvik'];
    const ids = [] as string[];
    for (const n of names) ids.push(await register(n.split(' ')[0]!, n.split(' ')[1]!));
    const { version } = await tenantList(
      admin,
      names.map((n, i) => ({ id: `R${i}`, name: n, birthDate: '1990' })),
      { name: uniqueName('Resume') },
    );
    // one batch of one subject, then the worker "dies": its lease stays until it expires
    const first = await runOneRescreen(await getDb(), { batchSize: 1, maxBatches: 1, leaseSeconds: 600 });
    expect(first).toMatchObject({ done: false, screened: 1 });
    expect(await runOneRescreen(await getDb(), { batchSize: 1 })).toBeNull();
    await (await getDb()).execute(sql`update aml_rescreen_runs set lease_until = now() - interval '1 second' where version_id = ${version.id}::uuid`);
    const rest = await runOneRescreen(await getDb(), { batchSize: 2 });
    expect(rest).toMatchObject({ done: true });
    const [run] = await rows<{ status: string; attempts: number; subjects_screened: number; alerts_created: number }>(
      sql`select status, attempts, subjects_screened, alerts_created from aml_rescreen_runs where version_id = ${version.id}::uuid`,
    );
    expect(run!.status).toBe('DONE');
    expect(run!.attempts).toBe(2);
    // every subject screened once, every match raised once
    const total = await rows<{ n: number }>(
      sql`select count(*)::int as n from aml_alerts where tenant_id = ${tenant.tenantId}::uuid and list_id = (select list_id from aml_list_versions where id = ${version.id}::uuid)`,
    );
    expect(total[0]!.n).toBe(3);
    expect(run!.alerts_created).toBe(3);
    for (const id of ids) expect((await customerAlerts(id)).length).toBe(1);
  });

  it('a platform list version re-screens every tenant', async () => {
    const second = await createTenant(uniqueName('AmlSecond'));
    const { imported } = await platformList(uniqueName('Platform'), 'OWN_CSV', upload(ownCsv([{ id: 'P1', name: 'Nobody Atall' }])));
    const runs = await rows<{ tenant_id: string }>(sql`select tenant_id from aml_rescreen_runs where version_id = ${(imported.json.data as AmlListVersion).id}::uuid`);
    expect(runs.map((r) => r.tenant_id)).toEqual(expect.arrayContaining([tenant.tenantId, second.tenantId]));
    await runDueRescreens(await getDb());
    expect(await rows(sql`select id from aml_rescreen_runs where status <> 'DONE'`)).toEqual([]);
  });
});

describe('lists fetched on a schedule', () => {
  it('imports from a URL when due (OFAC with alt.csv and add.csv beside sdn.csv), then waits for the next interval; a failure is kept on the list', async () => {
    const served: Record<string, string> = { '/ofac/sdn.csv': fixture('ofac/sdn.csv'), '/ofac/alt.csv': fixture('ofac/alt.csv'), '/ofac/add.csv': fixture('ofac/add.csv') };
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url!);
      const body = served[req.url!];
      if (body === undefined) {
        res.writeHead(req.url === '/broken.csv' ? 500 : 404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/csv' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = 'true';
    resetEnvCache();
    try {
      const db = await getDb();
      await fetchDueLists(db);
      const created = expectOk(
        await api<{ id: string; nextFetchAt: string }>(amlRoutes.lists.POST, admin, {
          method: 'POST',
          body: { name: uniqueName('Fetched'), kind: 'SANCTIONS', format: 'OFAC_SDN_CSV', sourceUrl: `${base}/ofac/sdn.csv`, refreshHours: 24 },
        }),
      );
      expect(await fetchDueLists(db)).toBe(1);
      expect(hits.sort()).toEqual(['/ofac/add.csv', '/ofac/alt.csv', '/ofac/sdn.csv']);
      const list = expectOk(
        await api<{ currentVersion: { source: string; importedByName: string; fileNames: string[]; entryCount: number }; lastFetchError: string | null; nextFetchAt: string }>(
          amlRoutes.list.GET,
          officer,
          { params: { listId: created.id } },
        ),
      );
      expect(list.currentVersion).toMatchObject({ source: 'URL', importedByName: 'Scheduled fetch', fileNames: ['sdn.csv', 'alt.csv', 'add.csv'] });
      expect(list.currentVersion.entryCount).toBe(parseList('OFAC_SDN_CSV', { main: served['/ofac/sdn.csv']!, alt: served['/ofac/alt.csv'], add: served['/ofac/add.csv'] }).length);
      expect(list.lastFetchError).toBeNull();
      expect(Date.parse(list.nextFetchAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
      // not due again before its interval
      expect(await fetchDueLists(db)).toBe(0);

      const broken = expectOk(
        await api<{ id: string }>(amlRoutes.lists.POST, admin, {
          method: 'POST',
          body: { name: uniqueName('Broken'), kind: 'INTERNAL', format: 'OWN_CSV', sourceUrl: `${base}/broken.csv`, refreshHours: 1 },
        }),
      );
      expect(await fetchDueLists(db)).toBe(1);
      const failed = expectOk(await api<{ currentVersion: unknown; lastFetchError: string }>(amlRoutes.list.GET, officer, { params: { listId: broken.id } }));
      expect(failed).toMatchObject({ currentVersion: null, lastFetchError: `${base}/broken.csv: the server answered 500` });
    } finally {
      delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
      resetEnvCache();
      server.close();
    }
  });

  it('takes only https source URLs unless private networks are allowed', async () => {
    expectEnvelope(
      await api(amlRoutes.lists.POST, admin, {
        method: 'POST',
        body: { name: uniqueName('Plain'), kind: 'INTERNAL', format: 'OWN_CSV', sourceUrl: 'http://lists.example/list.csv', refreshHours: 1 },
      }),
      400,
      'request validation failed',
      {
        error: 'VALIDATION_FAILED',
        errors: [{ field: 'sourceUrl', message: 'must be an https:// URL' }],
      },
    );
  });
});

describe('the screening index of a list', () => {
  it('follows a new version by laying its changes over the index it had, answering exactly what a whole new index answers', async () => {
    // a list large enough that one version's changes stay under a fifth of it (then they are laid over, not rebuilt)
    const filler = Array.from({ length: 30 }, (_, i) => ({ id: `F${i}`, name: `Filler Person${String.fromCharCode(65 + (i % 26))}${i} Zyx${i}`, birthDate: '1950' }));
    const { list } = await tenantList(
      admin,
      [
        { id: 'L1', name: 'Walburga Ostermann', birthDate: '1970' },
        { id: 'L2', name: 'Ferdinand Kusterer', birthDate: '1955' },
        { id: 'L3', name: 'Henrike Zellweger', birthDate: '1981' },
        ...filler,
      ],
      { name: uniqueName('Layers') },
    );
    const search = async (name: string) =>
      expectOk(await api<{ hits: { entry: { sourceId: string; listId: string }; matchedName: string; score: number }[] }>(amlRoutes.search.POST, officer, { method: 'POST', body: { name } }))
        .hits.filter((h) => h.entry.listId === list.id)
        .map((h) => `${h.entry.sourceId}:${h.matchedName}:${h.score}`);
    expect(await search('Walburga Ostermann')).toEqual(['L1:Walburga Ostermann:1']);
    const layersOf = () => indexState().find((i) => i.listId === list.id)?.layers;
    expect(layersOf()).toBe(1);
    // v2: L1 gains an alias, L2 leaves, L4 arrives
    await importInto(
      admin,
      list.id,
      ownCsv([
        { id: 'L1', name: 'Walburga Ostermann', aliases: ['Wally Osterman'], birthDate: '1970' },
        { id: 'L3', name: 'Henrike Zellweger', birthDate: '1981' },
        { id: 'L4', name: 'Gottlieb Brennecke', birthDate: '1990' },
        ...filler,
      ]),
    );
    const names = ['Wally Osterman', 'Walburga Ostermann', 'Ferdinand Kusterer', 'Gottlieb Brennecke', 'Henrike Zellweger'];
    const layered = [];
    for (const n of names) layered.push(await search(n));
    expect(layersOf()).toBe(2);
    expect(layered).toEqual([['L1:Wally Osterman:1'], ['L1:Walburga Ostermann:1'], [], ['L4:Gottlieb Brennecke:1'], ['L3:Henrike Zellweger:1']]);
    await resetAmlIndexes();
    const whole = [];
    for (const n of names) whole.push(await search(n));
    expect(layersOf()).toBe(1);
    expect(whole).toEqual(layered);
  });
});
