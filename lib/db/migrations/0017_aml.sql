CREATE TABLE "aml_alert_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"alert_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"decision" text,
	"reason_code" text,
	"comment" text,
	"from_status" text,
	"to_status" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aml_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject_name" text NOT NULL,
	"subject" jsonb,
	"list_id" uuid,
	"entry_id" uuid,
	"entry_hash" text,
	"score" numeric(4, 3),
	"hit" jsonb,
	"transfer_id" uuid,
	"firings" jsonb,
	"holds_transfer" boolean DEFAULT false NOT NULL,
	"assignee_user_id" uuid,
	"pending_decision" text,
	"pending_by" uuid,
	"pending_reason_code" text,
	"pending_comment" text,
	"pending_at" timestamp with time zone,
	"pending_from_status" text,
	"decision" text,
	"decision_reason_code" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aml_alerts_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "aml_alerts_kind_ck" CHECK ("aml_alerts"."kind" in ('SCREENING', 'TRANSACTION')),
	CONSTRAINT "aml_alerts_status_ck" CHECK ("aml_alerts"."status" in ('OPEN', 'IN_REVIEW', 'ESCALATED', 'PENDING_SECOND_APPROVAL', 'CONFIRMED', 'FALSE_POSITIVE', 'CLEARED', 'RELEASED', 'REFUSED', 'CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "aml_list_changes" (
	"version_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"change" text NOT NULL,
	CONSTRAINT "aml_list_changes_pk" PRIMARY KEY("version_id","entry_id"),
	CONSTRAINT "aml_list_changes_change_ck" CHECK ("aml_list_changes"."change" in ('ADDED', 'CHANGED', 'REMOVED'))
);
--> statement-breakpoint
CREATE TABLE "aml_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"source_id" text NOT NULL,
	"entity_type" text NOT NULL,
	"primary_name" text NOT NULL,
	"data" jsonb NOT NULL,
	"hash" text NOT NULL,
	"changed_version_id" uuid NOT NULL,
	"removed_version_id" uuid,
	CONSTRAINT "aml_list_entries_list_source_uq" UNIQUE("list_id","source_id")
);
--> statement-breakpoint
CREATE TABLE "aml_list_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"version_no" integer NOT NULL,
	"entry_count" integer NOT NULL,
	"name_count" integer NOT NULL,
	"added" integer NOT NULL,
	"changed" integer NOT NULL,
	"removed" integer NOT NULL,
	"sha256" text NOT NULL,
	"file_names" jsonb NOT NULL,
	"source" text NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aml_list_versions_list_no_uq" UNIQUE("list_id","version_no")
);
--> statement-breakpoint
CREATE TABLE "aml_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"source_url" text,
	"refresh_hours" integer,
	"next_fetch_at" timestamp with time zone,
	"last_fetched_at" timestamp with time zone,
	"last_fetch_error" text,
	"current_version_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aml_lists_tenant_name_uq" UNIQUE NULLS NOT DISTINCT("tenant_id","name"),
	CONSTRAINT "aml_lists_kind_ck" CHECK ("aml_lists"."kind" in ('SANCTIONS', 'PEP', 'INTERNAL')),
	CONSTRAINT "aml_lists_format_ck" CHECK ("aml_lists"."format" in ('OFAC_SDN_CSV', 'EU_CSV', 'UN_XML', 'OWN_CSV')),
	CONSTRAINT "aml_lists_refresh_ck" CHECK ("aml_lists"."refresh_hours" is null or "aml_lists"."refresh_hours" between 1 and 720)
);
--> statement-breakpoint
CREATE TABLE "aml_rescreen_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"cursor" text,
	"subjects_screened" integer DEFAULT 0 NOT NULL,
	"alerts_created" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_holder" uuid,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aml_rescreen_runs_tenant_version_uq" UNIQUE("tenant_id","version_id")
);
--> statement-breakpoint
CREATE TABLE "aml_rule_versions" (
	"tenant_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean NOT NULL,
	"action" text NOT NULL,
	"params" jsonb NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aml_rule_versions_pk" PRIMARY KEY("tenant_id","rule_id","version")
);
--> statement-breakpoint
CREATE TABLE "aml_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rule_type" text NOT NULL,
	"enabled" boolean NOT NULL,
	"action" text NOT NULL,
	"params" jsonb NOT NULL,
	"version" integer NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aml_rules_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "aml_rules_type_ck" CHECK ("aml_rules"."rule_type" in ('LARGE_TRANSFER', 'VELOCITY', 'STRUCTURING', 'NEW_BENEFICIARY', 'HIGH_RISK_COUNTRY', 'RAPID_OUT')),
	CONSTRAINT "aml_rules_action_ck" CHECK ("aml_rules"."action" in ('ALERT', 'HOLD'))
);
--> statement-breakpoint
CREATE TABLE "aml_screenings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject" jsonb NOT NULL,
	"trigger" text NOT NULL,
	"list_versions" jsonb NOT NULL,
	"hits" integer NOT NULL,
	"top_score" numeric(4, 3),
	"alerts_created" integer NOT NULL,
	"screened_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aml_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"match_threshold" numeric(4, 3) NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_status_ck";--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "aml_blocked_by" uuid;--> statement-breakpoint
ALTER TABLE "aml_alert_events" ADD CONSTRAINT "aml_alert_events_alert_fk" FOREIGN KEY ("tenant_id","alert_id") REFERENCES "public"."aml_alerts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_alerts" ADD CONSTRAINT "aml_alerts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_alerts" ADD CONSTRAINT "aml_alerts_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_list_changes" ADD CONSTRAINT "aml_list_changes_version_id_aml_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."aml_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_list_changes" ADD CONSTRAINT "aml_list_changes_entry_id_aml_list_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."aml_list_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_list_entries" ADD CONSTRAINT "aml_list_entries_list_id_aml_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."aml_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_list_versions" ADD CONSTRAINT "aml_list_versions_list_id_aml_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."aml_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_lists" ADD CONSTRAINT "aml_lists_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_rescreen_runs" ADD CONSTRAINT "aml_rescreen_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_rescreen_runs" ADD CONSTRAINT "aml_rescreen_runs_list_id_aml_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."aml_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_rescreen_runs" ADD CONSTRAINT "aml_rescreen_runs_version_id_aml_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."aml_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_rule_versions" ADD CONSTRAINT "aml_rule_versions_rule_fk" FOREIGN KEY ("tenant_id","rule_id") REFERENCES "public"."aml_rules"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_rules" ADD CONSTRAINT "aml_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_screenings" ADD CONSTRAINT "aml_screenings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_screenings" ADD CONSTRAINT "aml_screenings_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_settings" ADD CONSTRAINT "aml_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aml_alert_events_tenant_alert_idx" ON "aml_alert_events" USING btree ("tenant_id","alert_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "aml_alerts_screening_uq" ON "aml_alerts" USING btree ("tenant_id","subject_type","subject_id","entry_id","entry_hash") WHERE "aml_alerts"."kind" = 'SCREENING';--> statement-breakpoint
CREATE INDEX "aml_alerts_tenant_status_idx" ON "aml_alerts" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "aml_alerts_tenant_customer_idx" ON "aml_alerts" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "aml_alerts_tenant_assignee_idx" ON "aml_alerts" USING btree ("tenant_id","assignee_user_id");--> statement-breakpoint
CREATE INDEX "aml_alerts_tenant_transfer_idx" ON "aml_alerts" USING btree ("tenant_id","transfer_id");--> statement-breakpoint
CREATE INDEX "aml_list_entries_list_changed_idx" ON "aml_list_entries" USING btree ("list_id","changed_version_id");--> statement-breakpoint
CREATE INDEX "aml_rescreen_runs_status_idx" ON "aml_rescreen_runs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "aml_rules_tenant_enabled_idx" ON "aml_rules" USING btree ("tenant_id","enabled");--> statement-breakpoint
CREATE INDEX "aml_screenings_tenant_customer_idx" ON "aml_screenings" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_status_ck" CHECK ("transfers"."status" in ('PENDING_APPROVAL', 'HELD_FOR_REVIEW', 'COMPLETED', 'REJECTED', 'FAILED'));