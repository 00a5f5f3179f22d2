import { describe, expect, it } from 'vitest';
import { hashSecret, verifyAgainstDummy, verifySecret, warmDummyHash } from '@/lib/services/identity/passwords';

describe('password hashing', () => {
  it('hashes with argon2id m=19456 KiB, t=2, p=1 and a fresh salt each time', async () => {
    const [a, b] = await Promise.all([hashSecret('Correct-Horse-9'), hashSecret('Correct-Horse-9')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifySecret(a, 'Correct-Horse-9')).toBe(true);
    expect(await verifySecret(a, 'correct-horse-9')).toBe(false);
  });

  it('treats a malformed stored hash as a failed verification, not an error', async () => {
    expect(await verifySecret('not-a-hash', 'anything')).toBe(false);
  });

  it('computes the dummy hash once (warmed at start-up) and the dummy verification always fails', async () => {
    const first = warmDummyHash();
    expect(warmDummyHash()).toBe(first);
    expect(await first).toMatch(/^\$argon2id\$/);
    expect(await verifyAgainstDummy('dummy-password-for-timing-equalisation')).toBe(false);
  });
});
