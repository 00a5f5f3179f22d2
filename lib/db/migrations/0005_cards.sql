CREATE TABLE "card_3ds_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"authorization_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_3ds_challenges_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(19, 4) NOT NULL,
	"currency" text NOT NULL,
	"merchant" jsonb NOT NULL,
	"channel" text,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_authorizations_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"amount" numeric(19, 4) NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_disputes_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_fund_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(19, 4) NOT NULL,
	"fee" numeric(19, 4) NOT NULL,
	"currency" text NOT NULL,
	"account_id" text NOT NULL,
	"quote_id" uuid,
	"balance_after" numeric(19, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_fund_orders_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_idempotency" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"body_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_idempotency_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "card_idempotency_tenant_op_key_uq" UNIQUE("tenant_id","operation","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "card_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"interval" text NOT NULL,
	"amount" numeric(19, 4) NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_limits_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "card_limits_tenant_card_interval_uq" UNIQUE("tenant_id","card_id","interval")
);
--> statement-breakpoint
CREATE TABLE "card_otps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_ciphertext" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_otps_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"amount" numeric(19, 4) NOT NULL,
	"fee" numeric(19, 4) NOT NULL,
	"rate" text NOT NULL,
	"currency" text NOT NULL,
	"source_account_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_quotes_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_secure_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"type" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_secure_tokens_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "card_secure_tokens_tenant_hash_uq" UNIQUE("tenant_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "card_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_status_history_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "card_status_history_tenant_card_seq_uq" UNIQUE("tenant_id","card_id","seq")
);
--> statement-breakpoint
CREATE TABLE "card_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"authorization_id" uuid,
	"status" text NOT NULL,
	"amount" numeric(19, 4) NOT NULL,
	"currency" text NOT NULL,
	"merchant" jsonb NOT NULL,
	"channel" text,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "card_transactions_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_wallet_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"wallet_type" text NOT NULL,
	"device_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_wallet_tokens_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "cardholders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"billing_address" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cardholders_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"cardholder_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"pan_ciphertext" text NOT NULL,
	"pan_hash" text NOT NULL,
	"pan_first6" text NOT NULL,
	"pan_last4" text NOT NULL,
	"pan_length" integer NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"currency" text NOT NULL,
	"nickname" text,
	"status" text DEFAULT 'INACTIVE' NOT NULL,
	"replaces_card_id" uuid,
	"replaced_by_card_id" uuid,
	"ledger_balance" numeric(19, 4) DEFAULT '0' NOT NULL,
	"pending_balance" numeric(19, 4) DEFAULT '0' NOT NULL,
	"controls" jsonb NOT NULL,
	"pin_hash" text,
	"pin_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "cards_tenant_pan_hash_uq" UNIQUE("tenant_id","pan_hash"),
	CONSTRAINT "cards_status_ck" CHECK ("cards"."status" in ('INACTIVE', 'ACTIVE', 'FROZEN', 'CANCELED')),
	CONSTRAINT "cards_balance_ck" CHECK ("cards"."ledger_balance" >= 0 and "cards"."pending_balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "card_3ds_challenges" ADD CONSTRAINT "card_3ds_challenges_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_3ds_challenges" ADD CONSTRAINT "card_3ds_challenges_authorization_fk" FOREIGN KEY ("tenant_id","authorization_id") REFERENCES "public"."card_authorizations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_disputes" ADD CONSTRAINT "card_disputes_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_disputes" ADD CONSTRAINT "card_disputes_transaction_fk" FOREIGN KEY ("tenant_id","transaction_id") REFERENCES "public"."card_transactions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_fund_orders" ADD CONSTRAINT "card_fund_orders_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_idempotency" ADD CONSTRAINT "card_idempotency_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_limits" ADD CONSTRAINT "card_limits_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_otps" ADD CONSTRAINT "card_otps_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_quotes" ADD CONSTRAINT "card_quotes_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_secure_tokens" ADD CONSTRAINT "card_secure_tokens_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_status_history" ADD CONSTRAINT "card_status_history_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_wallet_tokens" ADD CONSTRAINT "card_wallet_tokens_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardholders" ADD CONSTRAINT "cardholders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardholders" ADD CONSTRAINT "cardholders_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_cardholder_fk" FOREIGN KEY ("tenant_id","cardholder_id") REFERENCES "public"."cardholders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_3ds_challenges_tenant_card_idx" ON "card_3ds_challenges" USING btree ("tenant_id","card_id","status");--> statement-breakpoint
CREATE INDEX "card_authorizations_tenant_card_idx" ON "card_authorizations" USING btree ("tenant_id","card_id","created_at");--> statement-breakpoint
CREATE INDEX "card_disputes_tenant_card_idx" ON "card_disputes" USING btree ("tenant_id","card_id","created_at");--> statement-breakpoint
CREATE INDEX "card_disputes_tenant_transaction_idx" ON "card_disputes" USING btree ("tenant_id","transaction_id");--> statement-breakpoint
CREATE INDEX "card_fund_orders_tenant_card_idx" ON "card_fund_orders" USING btree ("tenant_id","card_id","created_at");--> statement-breakpoint
CREATE INDEX "card_idempotency_tenant_expires_idx" ON "card_idempotency" USING btree ("tenant_id","expires_at");--> statement-breakpoint
CREATE INDEX "card_otps_tenant_card_purpose_idx" ON "card_otps" USING btree ("tenant_id","card_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "card_quotes_tenant_card_idx" ON "card_quotes" USING btree ("tenant_id","card_id");--> statement-breakpoint
CREATE INDEX "card_transactions_tenant_card_idx" ON "card_transactions" USING btree ("tenant_id","card_id","created_at");--> statement-breakpoint
CREATE INDEX "card_transactions_tenant_authorization_idx" ON "card_transactions" USING btree ("tenant_id","authorization_id");--> statement-breakpoint
CREATE INDEX "card_wallet_tokens_tenant_card_idx" ON "card_wallet_tokens" USING btree ("tenant_id","card_id");--> statement-breakpoint
CREATE INDEX "cardholders_tenant_customer_idx" ON "cardholders" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "cards_tenant_customer_idx" ON "cards" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "cards_tenant_cardholder_idx" ON "cards" USING btree ("tenant_id","cardholder_id");