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
-- The rule, once: a line counts when its account is a wallet's and its entry a hold or a settlement of
-- a transfer not released (the line's own side and purpose are its callers' filter).
CREATE OR REPLACE FUNCTION wallet_usage_counted(p_tenant uuid, p_account uuid, p_entry uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.tenant_id = p_tenant AND a.id = p_account AND a.kind = 'WALLET')
     AND EXISTS (
       SELECT 1 FROM journal_entries e
       WHERE e.tenant_id = p_tenant AND e.id = p_entry AND e.kind IN ('TRANSFER_HOLD', 'TRANSFER_SETTLEMENT')
         AND NOT EXISTS (SELECT 1 FROM journal_entries r WHERE r.tenant_id = e.tenant_id AND r.transfer_id = e.transfer_id AND r.kind = 'TRANSFER_RELEASE'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_usage_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF wallet_usage_counted(NEW.tenant_id, NEW.account_id, NEW.entry_id) THEN
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
  -- the transfer's lines as they counted until this release (which the rule above now sees)
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
WHERE l.side = 'DEBIT' AND l.purpose = 'AMOUNT' AND wallet_usage_counted(l.tenant_id, l.account_id, l.entry_id)
GROUP BY l.tenant_id, l.account_id, (l.posted_at AT TIME ZONE 'UTC')::date;
