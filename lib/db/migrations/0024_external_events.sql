CREATE TABLE "external_event_partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret_rotated_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_event_partners_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "external_event_partners_kind_ck" CHECK ("external_event_partners"."kind" in ('CARD_PROCESSOR', 'KYC_VENDOR', 'SCREENING_VENDOR', 'OTHER'))
);
--> statement-breakpoint
CREATE TABLE "external_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"duplicate_of" uuid,
	"sent_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL,
	"result" jsonb,
	"errors" jsonb,
	CONSTRAINT "external_events_status_ck" CHECK ("external_events"."status" in ('PROCESSED', 'DUPLICATE', 'UNKNOWN_TYPE', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "card_directory_transactions" (
	"tenant_id" uuid NOT NULL,
	"card_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"authorization_id" text,
	"status" text NOT NULL,
	"amount" numeric(19, 4) NOT NULL,
	"currency" text NOT NULL,
	"merchant" jsonb NOT NULL,
	"decline_reason" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_directory_transactions_pk" PRIMARY KEY("tenant_id","card_id","transaction_id")
);
--> statement-breakpoint
ALTER TABLE "external_event_partners" ADD CONSTRAINT "external_event_partners_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_events" ADD CONSTRAINT "external_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_events" ADD CONSTRAINT "external_events_partner_fk" FOREIGN KEY ("tenant_id","partner_id") REFERENCES "public"."external_event_partners"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_directory_transactions" ADD CONSTRAINT "card_directory_transactions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_event_partners_tenant_created_idx" ON "external_event_partners" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "external_events_tenant_received_idx" ON "external_events" USING btree ("tenant_id","received_at");--> statement-breakpoint
CREATE INDEX "external_events_tenant_status_idx" ON "external_events" USING btree ("tenant_id","status","received_at");--> statement-breakpoint
CREATE INDEX "external_events_tenant_partner_idx" ON "external_events" USING btree ("tenant_id","partner_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "external_events_first_uq" ON "external_events" USING btree ("tenant_id","partner_id","external_id") WHERE "external_events"."status" in ('PROCESSED', 'UNKNOWN_TYPE');--> statement-breakpoint
CREATE INDEX "card_directory_transactions_tenant_card_idx" ON "card_directory_transactions" USING btree ("tenant_id","card_id","occurred_at");
