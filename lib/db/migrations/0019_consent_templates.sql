ALTER TABLE "consent_texts" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "status" text DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "material" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "change_summary" text;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "published_by" uuid;--> statement-breakpoint
INSERT INTO "consent_texts" ("tenant_id", "consent_type", "version", "title", "body", "created_at")
SELECT t."id", d."consent_type", '1.0', d."title", d."body", t."created_at"
FROM "tenants" t
CROSS JOIN (VALUES
	('TERMS', 'Terms and conditions', 'The terms and conditions of the account and card services.'),
	('PRIVACY_POLICY', 'Privacy policy', 'How we collect, use and protect your personal data.'),
	('DATA_PROCESSING', 'Data processing', 'Processing of your personal data for identity verification and the services you use.'),
	('MARKETING', 'Marketing', 'News and offers by email. Optional; you can withdraw it at any time.')
) AS d("consent_type", "title", "body")
WHERE NOT EXISTS (SELECT 1 FROM "consent_texts" c WHERE c."tenant_id" = t."id" AND c."consent_type" = d."consent_type");--> statement-breakpoint
UPDATE "consent_texts" SET "sha256" = encode(sha256(convert_to("body", 'UTF8')), 'hex'), "published_at" = "created_at";--> statement-breakpoint
ALTER TABLE "consent_texts" ALTER COLUMN "sha256" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_tenant_id_uq" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_status_ck" CHECK ("consent_texts"."status" in ('DRAFT', 'PUBLISHED'));--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_published_ck" CHECK (("consent_texts"."status" = 'DRAFT') = ("consent_texts"."published_at" is null));--> statement-breakpoint
CREATE INDEX "consent_texts_tenant_published_idx" ON "consent_texts" USING btree ("tenant_id","consent_type","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_texts_tenant_draft_uq" ON "consent_texts" USING btree ("tenant_id","consent_type") WHERE status = 'DRAFT';--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "text_sha256" text;--> statement-breakpoint
UPDATE "consent_records" r SET "text_sha256" = c."sha256" FROM "consent_texts" c WHERE c."tenant_id" = r."tenant_id" AND c."consent_type" = r."consent_type" AND c."version" = r."version";
