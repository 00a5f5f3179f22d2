CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"currency" text,
	"payout_fee_fixed" numeric(19, 4) DEFAULT '0' NOT NULL,
	"payout_fee_bps" integer DEFAULT 0 NOT NULL,
	"transfer_fee_fixed" numeric(19, 4) DEFAULT '0' NOT NULL,
	"transfer_fee_bps" integer DEFAULT 0 NOT NULL,
	"limit_per_transaction" numeric(19, 4),
	"limit_daily" numeric(19, 4),
	"limit_monthly" numeric(19, 4),
	"bin_start" text,
	"bin_end" text,
	"allowed_mccs" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "products_tenant_code_uq" UNIQUE("tenant_id","code"),
	CONSTRAINT "products_kind_ck" CHECK ("products"."kind" in ('WALLET', 'CARD')),
	CONSTRAINT "products_fees_ck" CHECK ("products"."payout_fee_fixed" >= 0 and "products"."transfer_fee_fixed" >= 0 and "products"."payout_fee_bps" between 0 and 10000 and "products"."transfer_fee_bps" between 0 and 10000),
	CONSTRAINT "products_limits_ck" CHECK (coalesce("products"."limit_per_transaction", 0) >= 0 and coalesce("products"."limit_daily", 0) >= 0 and coalesce("products"."limit_monthly", 0) >= 0),
	CONSTRAINT "products_bin_ck" CHECK (("products"."kind" = 'CARD') = ("products"."bin_start" is not null and "products"."bin_end" is not null))
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_tenant_default_uq" ON "products" USING btree ("tenant_id","kind") WHERE "products"."is_default";--> statement-breakpoint
INSERT INTO "products" ("tenant_id", "kind", "code", "name", "is_default", "bin_start", "bin_end")
SELECT "id", 'WALLET', 'default-wallet', 'Default wallet', true, NULL, NULL FROM "tenants"
UNION ALL
SELECT "id", 'CARD', 'default-card', 'Default card', true, '400000', '400000' FROM "tenants";--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "product_id" uuid;--> statement-breakpoint
UPDATE "wallets" SET "product_id" = p."id" FROM "products" p WHERE p."tenant_id" = "wallets"."tenant_id" AND p."code" = 'default-wallet';--> statement-breakpoint
ALTER TABLE "wallets" ALTER COLUMN "product_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallets_tenant_product_idx" ON "wallets" USING btree ("tenant_id","product_id");--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "product_id" uuid;--> statement-breakpoint
UPDATE "cards" SET "product_id" = p."id" FROM "products" p WHERE p."tenant_id" = "cards"."tenant_id" AND p."code" = 'default-card';--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "product_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_tenant_product_idx" ON "cards" USING btree ("tenant_id","product_id");--> statement-breakpoint
ALTER TABLE "card_directory" ADD COLUMN "product_id" uuid;--> statement-breakpoint
UPDATE "card_directory" SET "product_id" = p."id" FROM "products" p WHERE p."tenant_id" = "card_directory"."tenant_id" AND p."code" = 'default-card';--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "fee" numeric(19, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_fee_ck" CHECK ("transfers"."fee" >= 0);--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "purpose" text DEFAULT 'AMOUNT' NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_purpose_ck" CHECK ("journal_lines"."purpose" in ('AMOUNT', 'FEE'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_ck";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_ck" CHECK ("ledger_accounts"."kind" in ('WALLET', 'SANDBOX_FUNDING', 'TRANSFER_CLEARING', 'OUTGOING_SETTLEMENT', 'FEES'));
