ALTER TABLE "transfers" ALTER COLUMN "beneficiary_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ALTER COLUMN "payment_consent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "destination_wallet_id" uuid;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "destination_customer_id" uuid;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_destination_wallet_fk" FOREIGN KEY ("tenant_id","destination_wallet_id") REFERENCES "public"."wallets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfers_tenant_destination_wallet_idx" ON "transfers" USING btree ("tenant_id","destination_wallet_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_tenant_destination_customer_idx" ON "transfers" USING btree ("tenant_id","destination_customer_id","created_at");--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_target_ck" CHECK (("transfers"."beneficiary_id" is null) <> ("transfers"."destination_wallet_id" is null) and ("transfers"."destination_wallet_id" is null) = ("transfers"."destination_customer_id" is null) and ("transfers"."destination_wallet_id" is null or "transfers"."destination_wallet_id" <> "transfers"."wallet_id"));--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_consent_ck" CHECK ("transfers"."payment_consent_id" is not null or "transfers"."destination_wallet_id" is not null);