-- Figures of a stored answer that only the statement storing it knows, kept beside the sealed body
-- and put back into it on replay: a payout's balance after its own debit, read under the wallet's
-- row lock by the one statement that posts it (docs/ledger.md, "A payout's answer").
ALTER TABLE "http_idempotency_keys" ADD COLUMN "response_facts" jsonb;
