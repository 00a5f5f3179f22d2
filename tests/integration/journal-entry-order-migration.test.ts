import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '@/lib/db/client';

/**
 * Migration 0025 on a database that already holds journal entries: they are numbered in the order
 * their times give (ties by id), not in the order they happen to lie on disk; entries written after
 * it continue the numbering; the entries stay immutable.
 */
const TAG = '0025_journal_entry_order';
const before = mkdtempSync(path.join(tmpdir(), 'bp-migrations-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

describe(`migration ${TAG}`, () => {
  it('numbers existing entries by posting time, then by id; new entries follow; updates are still refused', async () => {
    // the migrations before it, as a database upgraded from the previous release has them
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const at = journal.entries.findIndex((e) => e.tag === TAG);
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

    const client = new PGlite();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: before });
      const [{ id: tenantId }] = (await client.query<{ id: string }>(`insert into tenants (name, tenant_key, tenant_secret_hash) values ('Order', 'tk_order', 'x') returning id`)).rows as [
        { id: string },
      ];
      // written in this order, posted at these times: the last one written was posted first
      const written = [
        ['00000000-0000-4000-8000-000000000003', '2026-01-01T10:00:02Z'],
        ['00000000-0000-4000-8000-000000000002', '2026-01-01T10:00:01Z'],
        ['00000000-0000-4000-8000-000000000001', '2026-01-01T10:00:01Z'],
        ['00000000-0000-4000-8000-000000000000', '2026-01-01T10:00:00Z'],
      ];
      for (const [id, postedAt] of written) {
        await client.query(`insert into journal_entries (id, tenant_id, kind, description, posted_at) values ($1, $2, 'SANDBOX_FUNDING', 'before', $3)`, [id, tenantId, postedAt]);
      }

      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

      const numbered = (await client.query<{ id: string; seq: string }>(`select id, seq::text as seq from journal_entries order by seq`)).rows;
      expect(numbered).toEqual([
        { id: '00000000-0000-4000-8000-000000000000', seq: '1' },
        { id: '00000000-0000-4000-8000-000000000001', seq: '2' },
        { id: '00000000-0000-4000-8000-000000000002', seq: '3' },
        { id: '00000000-0000-4000-8000-000000000003', seq: '4' },
      ]);
      const next = await client.query<{ seq: string }>(`insert into journal_entries (tenant_id, kind, description) values ($1, 'SANDBOX_FUNDING', 'after') returning seq::text as seq`, [
        tenantId,
      ]);
      expect(next.rows).toEqual([{ seq: '5' }]);
      await expect(client.query(`update journal_entries set description = 'changed' where seq = 1`)).rejects.toThrow('ledger rows are immutable (UPDATE on journal_entries)');
      await expect(client.query(`insert into journal_entries (tenant_id, kind, description, seq) values ($1, 'SANDBOX_FUNDING', 'chosen', 99)`, [tenantId])).rejects.toThrow(
        'cannot insert a non-DEFAULT value into column "seq"',
      );
    } finally {
      await client.close();
    }
  }, 60_000);
});
