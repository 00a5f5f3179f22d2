import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESS_MATRIX_BEGIN, ACCESS_MATRIX_END, accessMatrixMarkdown, operationsNeeding, withAccessMatrix } from '@/lib/contract/access-matrix';
import { CAPABILITY_NAMES, rolesWith } from '@/lib/contract/access';
import { ROLES } from '@/lib/contract/enums';

/** docs/access.md's matrix is generated from the access table (npm run docs:access), like docs/openapi.json from the definitions. */
describe('the generated access matrix', () => {
  const committed = readFileSync(path.resolve(__dirname, '../../docs/access.md'), 'utf8');

  it("the committed docs/access.md is current (run npm run docs:access after changing the table, a definition's allow or a card operation)", () => {
    expect(committed === withAccessMatrix(committed), 'docs/access.md is stale: run `npm run docs:access` and commit it').toBe(true);
    expect(committed.split(ACCESS_MATRIX_BEGIN).length).toBe(2);
    expect(committed.split(ACCESS_MATRIX_END).length).toBe(2);
  });

  it('has one row per capability whose marks are exactly its roles', () => {
    const lines = accessMatrixMarkdown().split('\n');
    expect(lines).toContain(`| capability | ${ROLES.join(' | ')} | permits |`);
    for (const capability of CAPABILITY_NAMES) {
      const row = lines.find((line) => line.startsWith(`| \`${capability}\` |`));
      expect(row, capability).toBeDefined();
      const marks = row!.split(' | ').slice(1, 1 + ROLES.length);
      const holders = ROLES.filter((_, i) => marks[i] !== '');
      expect(holders, capability).toEqual(ROLES.filter((role) => rolesWith(capability).includes(role)));
    }
  });

  it('lists what each capability opens, with the definitions that answer their own refusal marked', () => {
    expect(operationsNeeding('card:freeze').operations).toEqual([
      'card `card/freeze`',
      'card `card/unfreeze`',
      'card `secure/otp/send` (purpose UNFREEZE)',
      'card `sandbox/otp/peek` (purpose UNFREEZE)',
    ]);
    expect(operationsNeeding('verification:configure')).toEqual({
      operations: ['`PATCH /api/v2.1/verification-settings`†'],
      refusals: ['403 "only an ADMIN_USER may change the review settings"'],
    });
    expect(operationsNeeding('user:manage').operations).toContain('`GET /api/v2.1/admin/users`');
  });
});
