/**
 * The expected `msg` of every business error of the card API (Envelope B, HTTP 200, success false,
 * code -1), written out here on the test side on purpose: the tests must not take the text from
 * the implementation's own table (lib/contract/card-errors.ts CARD_BUSINESS_ERRORS), or a wrong
 * message could never fail them. The card catalogue (../shared/spec/card-operations.md) fixes the
 * envelope and the reasons' meaning but shows no message texts; these are the texts published in
 * the OpenAPI document's examples and docs/api.md, transcribed by hand.
 * tests/unit/card-errors.test.ts checks that this table and the implementation's cover the same reasons.
 */
export const EXPECTED_CARD_MESSAGES = {
  CARD_NOT_FOUND: 'card not found',
  INVALID_STATE_TRANSITION: 'card state does not allow this operation',
  CARD_NOT_ACTIVE: 'card is not active',
  CARDHOLDER_NOT_FOUND: 'cardholder not found',
  CARDHOLDER_CUSTOMER_REQUIRED: 'a customer is required for the cardholder',
  CURRENCY_MISMATCH: 'currency does not match the card',
  OTP_REQUIRED: 'one-time code required',
  OTP_INVALID: 'one-time code is invalid',
  OTP_EXPIRED: 'one-time code has expired',
  OTP_ATTEMPTS_EXCEEDED: 'too many wrong one-time codes',
  IDEMPOTENCY_KEY_REUSED: 'idempotency key was used with a different request',
  INSUFFICIENT_FUNDS: 'insufficient funds',
  QUOTE_NOT_FOUND: 'quote not found',
  QUOTE_EXPIRED: 'quote has expired',
  QUOTE_ALREADY_USED: 'quote was already used',
  ORDER_NOT_FOUND: 'funding order not found',
  TRANSACTION_NOT_FOUND: 'transaction not found',
  AUTHORIZATION_NOT_FOUND: 'authorization not found',
  AUTHORIZATION_STATE: 'authorization state does not allow this operation',
  CLEAR_AMOUNT_EXCEEDED: 'clearing amount exceeds the authorized amount',
  STATEMENT_NOT_FOUND: 'statement not found',
  STATEMENT_FORMAT_UNAVAILABLE: 'statement format not available',
  CONTROL_TOKEN_INVALID: 'control token is invalid or expired',
  PIN_TOO_WEAK: 'PIN is too weak',
  CHALLENGE_NOT_FOUND: '3-D Secure challenge not found',
  CHALLENGE_EXPIRED: '3-D Secure challenge has expired',
  CHALLENGE_ALREADY_ANSWERED: '3-D Secure challenge was already answered',
  WALLET_TOKEN_NOT_FOUND: 'wallet token not found',
  WALLET_TOKEN_STATE: 'wallet token state does not allow this action',
  WALLET_ALREADY_PROVISIONED: 'card is already in this device wallet',
  DISPUTE_NOT_FOUND: 'dispute not found',
  DISPUTE_EXISTS: 'a dispute is already open for this transaction',
  DISPUTE_NOT_ALLOWED: 'this transaction cannot be disputed',
  DISPUTE_AMOUNT_EXCEEDED: 'dispute amount exceeds the transaction amount',
  LIMIT_CURRENCY_MISMATCH: 'limit currency does not match the card',
  // ours, not the spec's: a top-up past MAX_BALANCE (docs/cards.md, issue 14's money bounds)
  BALANCE_LIMIT_EXCEEDED: 'card balance would exceed the maximum balance',
  COMPLIANCE_HOLD: 'a compliance hold prevents this operation',
  PRODUCT_NOT_FOUND: 'card product not found',
  PRODUCT_NOT_ALLOWED: "the cardholder's customer category does not allow this card product",
} as const;
