import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validationFailed } from '@/lib/contract/api-errors';

/**
 * The server half of the password rules: besides the contract's composition rules (passwordSchema,
 * shared with the forms), reject the 9,910 most common passwords of the public SecLists
 * "10 million passwords" list (CC BY-SA 3.0), compared case-insensitively, both as typed and with
 * the usual decoration stripped ("Summer2024!" -> "summer"). Server-only: the list is not shipped to
 * browsers; a form learns of it through the field error.
 */
let list: Set<string> | undefined;

function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(path.join(process.cwd(), 'lib', 'services', 'identity', 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  );
  return list;
}

export const COMMON_PASSWORD_MESSAGE = 'is too common; choose a less predictable password';

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const set = commonPasswords();
  if (set.has(lower)) return true;
  // strip leading/trailing digits and symbols: "!Password123!" -> "password"
  const base = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  if (base.length >= 4 && set.has(base)) return true;
  // common leetspeak spellings of a listed word: "p@ssw0rd" -> "password"
  const unleet = base.replace(/[@4]/g, 'a').replace(/3/g, 'e').replace(/[1!]/g, 'i').replace(/0/g, 'o').replace(/[$5]/g, 's').replace(/7/g, 't');
  return unleet.length >= 4 && set.has(unleet);
}

export function commonPasswordCount(): number {
  return commonPasswords().size;
}

/** Throws 400 request validation failed on `field` when the password is a common one. */
export function assertPasswordNotCommon(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw validationFailed([{ field, message: COMMON_PASSWORD_MESSAGE }]);
}
