// npm run tenant:create -- --name "Acme Bank" --admin admin@acme.example [--username admin] [--password ...]
//   [--first-name Ada] [--last-name Admin]
// Creates a tenant exactly as POST /api/v2.1/tenants/registration does and prints its credentials once.
import { parseArgs } from 'node:util';
import { registerTenantBodySchema } from '@/lib/contract/tenants';
import { assertEnvironment, generateDemoPassword } from '@/lib/startup';
import { closeDatabase, database } from '@/lib/db/client';
import { isApiError } from '@/lib/contract/api-errors';
import { registerTenant } from '@/lib/services/tenants/register-tenant';

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    admin: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
  strict: true,
});

if (!values.name || !values.admin) {
  console.error('usage: npm run tenant:create -- --name "Acme Bank" --admin admin@acme.example [--username admin] [--password ...]');
  process.exit(2);
}

assertEnvironment();
const password = values.password ?? generateDemoPassword();
const parsed = registerTenantBodySchema.safeParse({
  name: values.name,
  admin: {
    username: values.username ?? values.admin.split('@')[0],
    email: values.admin,
    password,
    firstName: values['first-name'],
    lastName: values['last-name'],
  },
});
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}

const { db } = await database();
try {
  const result = await registerTenant(db, parsed.data);
  console.log(JSON.stringify({ ...result, adminUsername: parsed.data.admin.username, adminPassword: values.password ? '(as given)' : password }, null, 2));
} catch (error) {
  if (isApiError(error)) {
    console.error(`${error.message}: ${JSON.stringify(error.data)}`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await closeDatabase();
}
