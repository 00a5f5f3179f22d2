CREATE TABLE "beneficiaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"country" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beneficiaries_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "beneficiaries_status_ck" CHECK ("beneficiaries"."status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("tenant_id","client_id","key"),
	CONSTRAINT "idempotency_keys_status_ck" CHECK ("idempotency_keys"."status" in ('IN_PROGRESS', 'COMPLETED'))
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"transfer_id" uuid,
	"description" text NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "journal_entries_kind_ck" CHECK ("journal_entries"."kind" in ('SANDBOX_FUNDING', 'TRANSFER_HOLD', 'TRANSFER_SETTLEMENT', 'TRANSFER_RELEASE'))
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"side" text NOT NULL,
	"amount" numeric(19, 4) NOT NULL,
	"currency" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "journal_lines_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "journal_lines_side_ck" CHECK ("journal_lines"."side" in ('DEBIT', 'CREDIT')),
	CONSTRAINT "journal_lines_amount_ck" CHECK ("journal_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"wallet_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "ledger_accounts_tenant_id_currency_uq" UNIQUE("tenant_id","id","currency"),
	CONSTRAINT "ledger_accounts_kind_ck" CHECK ("ledger_accounts"."kind" in ('WALLET', 'SANDBOX_FUNDING', 'TRANSFER_CLEARING', 'OUTGOING_SETTLEMENT')),
	CONSTRAINT "ledger_accounts_wallet_ck" CHECK (("ledger_accounts"."kind" = 'WALLET') = ("ledger_accounts"."wallet_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"max_amount_per_payment" numeric(19, 4) NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'AUTHORIZED' NOT NULL,
	"authorized_by" uuid NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_consents_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "payment_consents_status_ck" CHECK ("payment_consents"."status" in ('AUTHORIZED', 'REVOKED')),
	CONSTRAINT "payment_consents_scope_ck" CHECK ("payment_consents"."scope" in ('SINGLE_PAYMENT', 'RECURRING_PAYMENTS')),
	CONSTRAINT "payment_consents_amount_ck" CHECK ("payment_consents"."max_amount_per_payment" > 0)
);
--> statement-breakpoint
CREATE TABLE "transaction_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"wallet_id" uuid,
	"limit_type" text NOT NULL,
	"limit_amount" numeric(19, 4) NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_limits_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "transaction_limits_type_ck" CHECK ("transaction_limits"."limit_type" in ('DAILY', 'WEEKLY', 'MONTHLY', 'PER_TRANSACTION')),
	CONSTRAINT "transaction_limits_amount_ck" CHECK ("transaction_limits"."limit_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transfer_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"four_eyes_threshold" numeric(19, 4),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"payment_consent_id" uuid NOT NULL,
	"amount" numeric(19, 4) NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"initiated_by" uuid NOT NULL,
	"approved_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "transfers_status_ck" CHECK ("transfers"."status" in ('PENDING_APPROVAL', 'COMPLETED', 'REJECTED', 'FAILED')),
	CONSTRAINT "transfers_amount_ck" CHECK ("transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"balance" numeric(19, 4) DEFAULT '0' NOT NULL,
	"status_reason" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "wallets_tenant_id_currency_uq" UNIQUE("tenant_id","id","currency"),
	CONSTRAINT "wallets_status_ck" CHECK ("wallets"."status" in ('ACTIVE', 'FROZEN', 'CLOSED')),
	CONSTRAINT "wallets_balance_ck" CHECK ("wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_fk" FOREIGN KEY ("tenant_id","entry_id") REFERENCES "public"."journal_entries"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_fk" FOREIGN KEY ("tenant_id","account_id","currency") REFERENCES "public"."ledger_accounts"("tenant_id","id","currency") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_wallet_fk" FOREIGN KEY ("tenant_id","wallet_id","currency") REFERENCES "public"."wallets"("tenant_id","id","currency") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_consents" ADD CONSTRAINT "payment_consents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_consents" ADD CONSTRAINT "payment_consents_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_consents" ADD CONSTRAINT "payment_consents_wallet_fk" FOREIGN KEY ("tenant_id","wallet_id") REFERENCES "public"."wallets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_limits" ADD CONSTRAINT "transaction_limits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_limits" ADD CONSTRAINT "transaction_limits_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_limits" ADD CONSTRAINT "transaction_limits_wallet_fk" FOREIGN KEY ("tenant_id","wallet_id") REFERENCES "public"."wallets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_settings" ADD CONSTRAINT "transfer_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_wallet_fk" FOREIGN KEY ("tenant_id","wallet_id") REFERENCES "public"."wallets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_beneficiary_fk" FOREIGN KEY ("tenant_id","beneficiary_id") REFERENCES "public"."beneficiaries"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_consent_fk" FOREIGN KEY ("tenant_id","payment_consent_id") REFERENCES "public"."payment_consents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beneficiaries_tenant_customer_iban_idx" ON "beneficiaries" USING btree ("tenant_id","customer_id","iban");--> statement-breakpoint
CREATE INDEX "idempotency_keys_tenant_expires_idx" ON "idempotency_keys" USING btree ("tenant_id","expires_at");--> statement-breakpoint
CREATE INDEX "journal_entries_tenant_posted_idx" ON "journal_entries" USING btree ("tenant_id","posted_at");--> statement-breakpoint
CREATE INDEX "journal_entries_tenant_transfer_idx" ON "journal_entries" USING btree ("tenant_id","transfer_id");--> statement-breakpoint
CREATE INDEX "journal_lines_tenant_entry_idx" ON "journal_lines" USING btree ("tenant_id","entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_tenant_account_posted_idx" ON "journal_lines" USING btree ("tenant_id","account_id","posted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_tenant_wallet_uq" ON "ledger_accounts" USING btree ("tenant_id","wallet_id") WHERE "ledger_accounts"."wallet_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_tenant_system_uq" ON "ledger_accounts" USING btree ("tenant_id","kind","currency") WHERE "ledger_accounts"."wallet_id" is null;--> statement-breakpoint
CREATE INDEX "payment_consents_tenant_customer_idx" ON "payment_consents" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_consents_tenant_wallet_idx" ON "payment_consents" USING btree ("tenant_id","wallet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_limits_tenant_customer_uq" ON "transaction_limits" USING btree ("tenant_id","customer_id","limit_type","currency") WHERE "transaction_limits"."wallet_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_limits_tenant_wallet_uq" ON "transaction_limits" USING btree ("tenant_id","wallet_id","limit_type") WHERE "transaction_limits"."wallet_id" is not null;--> statement-breakpoint
CREATE INDEX "transfers_tenant_created_idx" ON "transfers" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_tenant_status_idx" ON "transfers" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "transfers_tenant_wallet_idx" ON "transfers" USING btree ("tenant_id","wallet_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_tenant_customer_idx" ON "transfers" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_tenant_consent_idx" ON "transfers" USING btree ("tenant_id","payment_consent_id");--> statement-breakpoint
CREATE INDEX "wallets_tenant_customer_idx" ON "wallets" USING btree ("tenant_id","customer_id","currency");--> statement-breakpoint
CREATE INDEX "wallets_tenant_created_idx" ON "wallets" USING btree ("tenant_id","created_at");