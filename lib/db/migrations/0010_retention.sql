CREATE TABLE "maintenance_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"lease_holder" uuid,
	"lease_until" timestamp with time zone,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_result" jsonb
);
--> statement-breakpoint
CREATE INDEX "sessions_tenant_expires_idx" ON "sessions" USING btree ("tenant_id","expires_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_tenant_attempted_idx" ON "webhook_attempts" USING btree ("tenant_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_tenant_completed_idx" ON "webhook_deliveries" USING btree ("tenant_id","completed_at") WHERE "webhook_deliveries"."status" <> 'PENDING';--> statement-breakpoint
CREATE INDEX "http_idempotency_keys_tenant_expires_idx" ON "http_idempotency_keys" USING btree ("tenant_id","expires_at");