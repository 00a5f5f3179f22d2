CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"tenant_key" text NOT NULL,
	"tenant_secret_hash" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_status_ck" CHECK ("tenants"."status" in ('ACTIVE', 'SUSPENDED'))
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"organization_type" text NOT NULL,
	"business_type" text,
	"registration_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "organizations_type_ck" CHECK ("organizations"."organization_type" in ('PLATFORM_OWNER', 'CUSTOMER_ORGANIZATION'))
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_pk" PRIMARY KEY("tenant_id","user_id","role"),
	CONSTRAINT "user_roles_role_ck" CHECK ("user_roles"."role" in ('ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE', 'TRANSACTION_APPROVER', 'CUSTOMER'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"organization_id" uuid,
	"customer_id" uuid,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone_number" text,
	"gender" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login" timestamp with time zone,
	"tokens_valid_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "users_owner_ck" CHECK ("users"."organization_id" is not null or "users"."customer_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"customer_type" text DEFAULT 'INDIVIDUAL' NOT NULL,
	"risk_level" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "categories_risk_ck" CHECK ("categories"."risk_level" in ('LOW', 'MEDIUM', 'HIGH'))
);
--> statement-breakpoint
CREATE TABLE "category_features" (
	"tenant_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"feature_id" uuid NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "category_features_pk" PRIMARY KEY("tenant_id","category_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "features" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"mandatory_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allowed_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "features_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_fk" FOREIGN KEY ("tenant_id","organization_id") REFERENCES "public"."organizations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_features" ADD CONSTRAINT "category_features_category_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."categories"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_features" ADD CONSTRAINT "category_features_feature_fk" FOREIGN KEY ("tenant_id","feature_id") REFERENCES "public"."features"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "features" ADD CONSTRAINT "features_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_tenant_key_uq" ON "tenants" USING btree ("tenant_key");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_name_uq" ON "tenants" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tenants_status_idx" ON "tenants" USING btree ("status");--> statement-breakpoint
CREATE INDEX "organizations_tenant_type_idx" ON "organizations" USING btree ("tenant_id","organization_type");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_tenant_regno_uq" ON "organizations" USING btree ("tenant_id","registration_number") WHERE "organizations"."registration_number" is not null;--> statement-breakpoint
CREATE INDEX "user_roles_tenant_role_idx" ON "user_roles" USING btree ("tenant_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_username_uq" ON "users" USING btree ("tenant_id",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_email_uq" ON "users" USING btree ("tenant_id",lower("email"));--> statement-breakpoint
CREATE INDEX "users_tenant_organization_idx" ON "users" USING btree ("tenant_id","organization_id");--> statement-breakpoint
CREATE INDEX "users_tenant_customer_idx" ON "users" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_tenant_code_uq" ON "categories" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "categories_tenant_active_idx" ON "categories" USING btree ("tenant_id","is_active");--> statement-breakpoint
CREATE INDEX "category_features_tenant_feature_idx" ON "category_features" USING btree ("tenant_id","feature_id");--> statement-breakpoint
CREATE UNIQUE INDEX "features_tenant_code_uq" ON "features" USING btree ("tenant_id","code");