ALTER TABLE "representatives" ADD CONSTRAINT "representatives_tenant_id_uq" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "representative_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_representative_fk" FOREIGN KEY ("tenant_id","representative_id") REFERENCES "public"."representatives"("tenant_id","id") ON DELETE no action ON UPDATE no action;
