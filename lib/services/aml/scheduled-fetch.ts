import { sql } from 'drizzle-orm';
import { AML_LIST_MAX_BYTES, type ImportAmlListBody } from '@/lib/contract/aml';
import { isApiError } from '@/lib/contract/api-errors';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/log';
import { fetchGuarded } from '@/lib/services/webhooks/http';
import { importListVersion } from './lists';

/**
 * Lists fetched from a URL on a schedule (docs/aml.md; off unless a list has both sourceUrl and
 * refreshHours). The worker that runs ongoing monitoring takes each due list once (the next fetch is
 * scheduled first, in one statement, so that workers do not fetch it twice), fetches its file(s)
 * through the webhooks' guarded client (SSRF guard, no redirects, time and size bounded) and imports
 * them exactly as an upload; what went wrong is kept on the list for its screen.
 */
const FETCH_TIMEOUT_MS = 60_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface DueList {
  id: string;
  tenant_id: string | null;
  format: string;
  source_url: string;
}

/** Takes the next due list: its next fetch is moved a whole interval on before it is fetched. */
async function claimDue(db: Db): Promise<DueList | null> {
  const [row] = rowsOf<DueList>(
    await db.execute(sql`
      update aml_lists set next_fetch_at = now() + make_interval(hours => refresh_hours)
      where id = (
        select id from aml_lists
        where enabled and source_url is not null and refresh_hours is not null and next_fetch_at <= now()
        order by next_fetch_at limit 1 for update skip locked)
      returning id, tenant_id, format, source_url`),
  );
  return row ?? null;
}

async function download(url: string, required: boolean): Promise<{ content: Buffer | null; error: string | null }> {
  const env = getEnv();
  const result = await fetchGuarded(url, { verifySsl: true, timeoutMs: FETCH_TIMEOUT_MS, allowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS, maxBytes: AML_LIST_MAX_BYTES });
  if (result.bytes) return { content: result.bytes, error: null };
  // OFAC's alt.csv and add.csv are optional beside sdn.csv: a 404 means there is none
  if (!required && result.status === 404) return { content: null, error: null };
  return { content: null, error: `${url}: ${result.error}` };
}

/** Fetches and imports one list; returns what went wrong, or null. */
async function fetchOne(db: Db, list: DueList): Promise<string | null> {
  const name = (u: string) => decodeURIComponent(new URL(u).pathname.split('/').pop() || 'list');
  const main = await download(list.source_url, true);
  if (main.error) return main.error;
  const body: ImportAmlListBody = { main: { fileName: name(list.source_url), content: main.content!.toString('base64') } };
  if (list.format === 'OFAC_SDN_CSV') {
    for (const role of ['alt', 'add'] as const) {
      const url = new URL(`${role}.csv`, list.source_url).toString();
      const part = await download(url, false);
      if (part.error) return part.error;
      if (part.content) body[role] = { fileName: `${role}.csv`, content: part.content.toString('base64') };
    }
  }
  try {
    const owner = list.tenant_id ? ({ kind: 'tenant', tenantId: list.tenant_id } as const) : ({ kind: 'platform' } as const);
    await importListVersion(db, owner, list.id, body, { importedBy: null, source: 'URL' });
    return null;
  } catch (error) {
    if (isApiError(error)) return `${error.message}: ${String((error.data as { details?: string }).details ?? '')}`;
    throw error;
  }
}

/** Fetches every due list, one after another. */
export async function fetchDueLists(db: Db): Promise<number> {
  let fetched = 0;
  for (let list = await claimDue(db); list; list = await claimDue(db)) {
    let error: string | null;
    try {
      error = await fetchOne(db, list);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (error) logger().warn({ listId: list.id, error }, 'aml list fetch imported nothing');
    await db.execute(sql`update aml_lists set last_fetched_at = now(), last_fetch_error = ${error} where id = ${list.id}::uuid`);
    fetched++;
  }
  return fetched;
}
