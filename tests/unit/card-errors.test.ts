import { describe, expect, it } from 'vitest';
import { CARD_BUSINESS_ERRORS, CARD_BUSINESS_REASONS } from '@/lib/contract/card-errors';
import { EXPECTED_CARD_MESSAGES } from '../integration/card-business-messages';

/**
 * The card business errors: the tests' own table of expected messages (written out on the test
 * side) and the implementation's catalogue name the same reasons with the same texts.
 */
describe('card business error catalogue', () => {
  it('has a message for exactly the reasons the tests expect, word for word', () => {
    expect([...CARD_BUSINESS_REASONS].sort()).toEqual(Object.keys(EXPECTED_CARD_MESSAGES).sort());
    expect(CARD_BUSINESS_ERRORS).toEqual(EXPECTED_CARD_MESSAGES);
  });
});
