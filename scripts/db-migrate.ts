// npm run db:migrate - apply the committed migrations to the configured database (PGlite or DATABASE_URL)
import { assertEnvironment } from '@/lib/startup';
import { closeDatabase, database } from '@/lib/db/client';

assertEnvironment();
const db = await database();
console.log(`migrations applied (${db.driver})`);
await closeDatabase();
