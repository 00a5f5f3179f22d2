CREATE TABLE "card_directory" (
	"tenant_id" uuid NOT NULL,
	"card_id" text NOT NULL,
	"customer_id" uuid,
	"cardholder_id" text NOT NULL,
	"holder_first_name" text,
	"holder_last_name" text,
	"holder_email" text,
	"last4" text NOT NULL,
	"masked_number" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"nickname" text,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_directory_pk" PRIMARY KEY("tenant_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "card_directory_holders" (
	"tenant_id" uuid NOT NULL,
	"cardholder_id" text NOT NULL,
	"customer_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_directory_holders_pk" PRIMARY KEY("tenant_id","cardholder_id")
);
--> statement-breakpoint
ALTER TABLE "card_directory" ADD CONSTRAINT "card_directory_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_directory_holders" ADD CONSTRAINT "card_directory_holders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_directory_tenant_last4_idx" ON "card_directory" USING btree ("tenant_id","last4");--> statement-breakpoint
CREATE INDEX "card_directory_tenant_customer_idx" ON "card_directory" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "card_directory_tenant_cardholder_idx" ON "card_directory" USING btree ("tenant_id","cardholder_id");