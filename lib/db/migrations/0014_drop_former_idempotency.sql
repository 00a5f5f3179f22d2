DROP TABLE "card_idempotency" CASCADE;--> statement-breakpoint
DROP TABLE "idempotency_keys" CASCADE;