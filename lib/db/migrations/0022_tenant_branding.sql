CREATE TABLE "tenant_branding" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"logo" text,
	"primary_color" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_branding_primary_color_ck" CHECK ("tenant_branding"."primary_color" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "tenant_branding_logo_ck" CHECK ("tenant_branding"."logo" IS NULL OR ("tenant_branding"."logo" LIKE 'data:image/%' AND length("tenant_branding"."logo") <= 45000))
);
--> statement-breakpoint
ALTER TABLE "tenant_branding" ADD CONSTRAINT "tenant_branding_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
