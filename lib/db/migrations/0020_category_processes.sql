CREATE TABLE "category_processes" (
	"tenant_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"individual_documents" jsonb NOT NULL,
	"organization_documents" jsonb NOT NULL,
	"screening_required" boolean DEFAULT true NOT NULL,
	"approvals_required" integer DEFAULT 1 NOT NULL,
	"product_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_processes_pk" PRIMARY KEY("tenant_id","category_id"),
	CONSTRAINT "category_processes_approvals_ck" CHECK ("category_processes"."approvals_required" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "category_processes" ADD CONSTRAINT "category_processes_category_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."categories"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
