CREATE TABLE "drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_type" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"resume_token_hash" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"consumed_customer_id" uuid,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "drafts_customer_type_ck" CHECK ("drafts"."customer_type" in ('INDIVIDUAL', 'ORGANIZATION')),
	CONSTRAINT "drafts_status_ck" CHECK ("drafts"."status" in ('OPEN', 'CONSUMED'))
);
--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drafts_tenant_updated_idx" ON "drafts" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE INDEX "drafts_tenant_expires_idx" ON "drafts" USING btree ("tenant_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "drafts_tenant_token_uq" ON "drafts" USING btree ("tenant_id","resume_token_hash");
