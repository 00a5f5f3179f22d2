CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt_number" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"endpoint_url" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"error" text,
	CONSTRAINT "webhook_attempts_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claim_token" uuid,
	"last_status_code" integer,
	"last_error" text,
	"replay_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "webhook_deliveries_status_ck" CHECK ("webhook_deliveries"."status" in ('PENDING', 'SUCCEEDED', 'FAILED', 'CANCELED')),
	CONSTRAINT "webhook_deliveries_due_ck" CHECK ("webhook_deliveries"."status" <> 'PENDING' or "webhook_deliveries"."next_attempt_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "webhook_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"allow_http_endpoints" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"endpoint_url" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"previous_secret_ciphertext" text,
	"previous_secret_expires_at" timestamp with time zone,
	"signature_algorithm" text DEFAULT 'HMAC-SHA256' NOT NULL,
	"verify_ssl" boolean DEFAULT true NOT NULL,
	"subscribed_events" jsonb NOT NULL,
	"max_retry_attempts" integer DEFAULT 8 NOT NULL,
	"retry_backoff_seconds" integer DEFAULT 5 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_subscriptions_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "webhook_subscriptions_retry_ck" CHECK ("webhook_subscriptions"."max_retry_attempts" between 0 and 20 and "webhook_subscriptions"."retry_backoff_seconds" between 1 and 3600),
	CONSTRAINT "webhook_subscriptions_algorithm_ck" CHECK ("webhook_subscriptions"."signature_algorithm" in ('HMAC-SHA256'))
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_fk" FOREIGN KEY ("tenant_id","delivery_id") REFERENCES "public"."webhook_deliveries"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_fk" FOREIGN KEY ("tenant_id","subscription_id") REFERENCES "public"."webhook_subscriptions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_fk" FOREIGN KEY ("tenant_id","event_id") REFERENCES "public"."events"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_settings" ADD CONSTRAINT "webhook_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_tenant_delivery_idx" ON "webhook_attempts" USING btree ("tenant_id","delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_tenant_subscription_idx" ON "webhook_deliveries" USING btree ("tenant_id","subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_tenant_event_idx" ON "webhook_deliveries" USING btree ("tenant_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_tenant_created_idx" ON "webhook_subscriptions" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_tenant_enabled_idx" ON "webhook_subscriptions" USING btree ("tenant_id","enabled");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_tenant_customer_idx" ON "webhook_subscriptions" USING btree ("tenant_id","customer_id");