CREATE TABLE "review_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"two_approvals_for_organizations" boolean DEFAULT false NOT NULL,
	"two_approvals_for_high_risk" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "superseded_by" uuid;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "submitted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "risk_level" text DEFAULT 'LOW' NOT NULL;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "risk_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "revision_request" jsonb;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "first_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifications_tenant_risk_idx" ON "verifications" USING btree ("tenant_id","risk_level");