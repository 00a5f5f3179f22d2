-- The order entries were posted in (docs/ledger.md, "Order of a statement"): an identity assigned as
-- each entry is written. Entries written before it are numbered in the order their times give
-- (ties by id), then the identity continues after them. The backfill writes to rows that are
-- otherwise immutable, so their guard is off for this one statement.
ALTER TABLE "journal_entries" ADD COLUMN "seq" bigint;
--> statement-breakpoint
ALTER TABLE "journal_entries" DISABLE TRIGGER "journal_entries_immutable";
--> statement-breakpoint
UPDATE "journal_entries" e SET "seq" = o.n FROM (SELECT "id", row_number() OVER (ORDER BY "posted_at", "id") AS n FROM "journal_entries") o WHERE o."id" = e."id";
--> statement-breakpoint
ALTER TABLE "journal_entries" ENABLE TRIGGER "journal_entries_immutable";
--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "seq" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "seq" ADD GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);
--> statement-breakpoint
SELECT setval('journal_entries_seq_seq', (SELECT coalesce(max("seq"), 0) + 1 FROM "journal_entries"), false);
