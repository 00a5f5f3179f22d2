-- Ledger guards (docs/ledger.md): journal entries and lines are immutable, and every entry balances
-- per currency at commit (a deferred constraint trigger, so the lines of an entry can be inserted
-- one statement at a time inside the posting transaction).
CREATE OR REPLACE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM tenants WHERE id = OLD.tenant_id) THEN
    -- the tenant itself is being deleted (cascade): its ledger goes with it
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'ledger rows are immutable (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_immutable BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER journal_lines_immutable BEFORE UPDATE OR DELETE ON journal_lines FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
  SELECT currency INTO unbalanced
  FROM journal_lines
  WHERE tenant_id = NEW.tenant_id AND entry_id = NEW.entry_id
  GROUP BY currency
  HAVING sum(CASE WHEN side = 'DEBIT' THEN amount ELSE -amount END) <> 0
      OR count(*) FILTER (WHERE side = 'DEBIT') = 0
      OR count(*) FILTER (WHERE side = 'CREDIT') = 0
  LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance in %', NEW.entry_id, unbalanced USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();
