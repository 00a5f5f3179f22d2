import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../../lib/db/client';

/**
 * Integration tests on PGlite (vitest globalSetup): the committed migrations are applied once per
 * run to an in-memory PGlite, whose data directory is dumped to a tarball; every test file's
 * database starts from it (tests/setup/integration.ts, lib/db/client.ts startMemoryDatabasesFrom)
 * instead of running initdb and all migrations again: on this 2-core machine a new PGlite took
 * 0.9-1.6 s and the migrations 0.3 s, loading the snapshot 0.4 s; twelve files ran in 27-49 s
 * instead of 55-56 s. Built from lib/db/migrations on every run, so it is never older than the
 * migrations; each file's database() still runs the migrator, which finds nothing to do. The
 * PGlite projects (integration, integration-main-thread) share one snapshot.
 */
export default async function setup(): Promise<(() => void) | void> {
  const existing = process.env.BP_TEST_PGLITE_SNAPSHOT;
  if (existing && existsSync(existing)) return;
  const pglite = new PGlite();
  await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
  const tarball = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(tmpdir(), `bp-pglite-snapshot-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  process.env.BP_TEST_PGLITE_SNAPSHOT = file;
  return () => {
    rmSync(file, { force: true });
    delete process.env.BP_TEST_PGLITE_SNAPSHOT;
  };
}
