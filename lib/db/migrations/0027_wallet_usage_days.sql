-- A wallet's outgoing amount per UTC day (docs/ledger.md, "Limits and their windows"): what its
-- limits count, kept by triggers in the posting's own transaction, so that a window's usage is a sum
-- of at most 31 rows a wallet instead of every line of the window. Counted: the AMOUNT debits of a
-- wallet's account in TRANSFER_HOLD and TRANSFER_SETTLEMENT entries; a TRANSFER_RELEASE entry gives
-- its transfer's back (the first one: a transfer is released once). Existing lines are counted
-- once at the end, by the same rule.
CREATE TABLE "wallet_usage_days" (
	"tenant_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"amount" numeric(19, 4) NOT NULL,
	CONSTRAINT "wallet_usage_days_pk" PRIMARY KEY("tenant_id","account_id","day")
);
--> statement-breakpoint
ALTER TABLE "wallet_usage_days" ADD CONSTRAINT "wallet_usage_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_usage_days" ADD CONSTRAINT "wallet_usage_days_account_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."ledger_accounts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_usage_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.tenant_id = NEW.tenant_id AND a.id = NEW.account_id AND a.kind = 'WALLET')
     AND EXISTS (
       SELECT 1 FROM journal_entries e
       WHERE e.tenant_id = NEW.tenant_id AND e.id = NEW.entry_id AND e.kind IN ('TRANSFER_HOLD', 'TRANSFER_SETTLEMENT')
         AND NOT EXISTS (SELECT 1 FROM journal_entries r WHERE r.tenant_id = e.tenant_id AND r.transfer_id = e.transfer_id AND r.kind = 'TRANSFER_RELEASE'))
  THEN
    INSERT INTO wallet_usage_days (tenant_id, account_id, day, amount)
    VALUES (NEW.tenant_id, NEW.account_id, (NEW.posted_at AT TIME ZONE 'UTC')::date, NEW.amount)
    ON CONFLICT (tenant_id, account_id, day) DO UPDATE SET amount = wallet_usage_days.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_wallet_usage AFTER INSERT ON journal_lines FOR EACH ROW WHEN (NEW.side = 'DEBIT' AND NEW.purpose = 'AMOUNT') EXECUTE FUNCTION wallet_usage_line();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_usage_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.transfer_id IS NULL
     OR EXISTS (SELECT 1 FROM journal_entries r WHERE r.tenant_id = NEW.tenant_id AND r.transfer_id = NEW.transfer_id AND r.kind = 'TRANSFER_RELEASE' AND r.id <> NEW.id) THEN
    RETURN NULL;
  END IF;
  UPDATE wallet_usage_days u SET amount = u.amount - given.amount
  FROM (
    SELECT l.account_id, (l.posted_at AT TIME ZONE 'UTC')::date AS day, sum(l.amount) AS amount
    FROM journal_entries e
    JOIN journal_lines l ON l.tenant_id = e.tenant_id AND l.entry_id = e.id
    JOIN ledger_accounts a ON a.tenant_id = l.tenant_id AND a.id = l.account_id AND a.kind = 'WALLET'
    WHERE e.tenant_id = NEW.tenant_id AND e.transfer_id = NEW.transfer_id AND e.kind IN ('TRANSFER_HOLD', 'TRANSFER_SETTLEMENT')
      AND l.side = 'DEBIT' AND l.purpose = 'AMOUNT'
    GROUP BY l.account_id, (l.posted_at AT TIME ZONE 'UTC')::date
  ) given
  WHERE u.tenant_id = NEW.tenant_id AND u.account_id = given.account_id AND u.day = given.day;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_wallet_usage AFTER INSERT ON journal_entries FOR EACH ROW WHEN (NEW.kind = 'TRANSFER_RELEASE') EXECUTE FUNCTION wallet_usage_release();
--> statement-breakpoint
INSERT INTO wallet_usage_days (tenant_id, account_id, day, amount)
SELECT l.tenant_id, l.account_id, (l.posted_at AT TIME ZONE 'UTC')::date, sum(l.amount)
FROM journal_lines l
JOIN journal_entries e ON e.tenant_id = l.tenant_id AND e.id = l.entry_id
JOIN ledger_accounts a ON a.tenant_id = l.tenant_id AND a.id = l.account_id AND a.kind = 'WALLET'
WHERE l.side = 'DEBIT' AND l.purpose = 'AMOUNT' AND e.kind IN ('TRANSFER_HOLD', 'TRANSFER_SETTLEMENT')
  AND NOT EXISTS (SELECT 1 FROM journal_entries r WHERE r.tenant_id = e.tenant_id AND r.transfer_id = e.transfer_id AND r.kind = 'TRANSFER_RELEASE')
GROUP BY l.tenant_id, l.account_id, (l.posted_at AT TIME ZONE 'UTC')::date;
