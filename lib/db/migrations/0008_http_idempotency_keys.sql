CREATE TABLE "http_idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"client_key" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"response_content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "http_idempotency_keys_pk" PRIMARY KEY("tenant_id","client_key","key"),
	CONSTRAINT "http_idempotency_keys_state_ck" CHECK ("http_idempotency_keys"."state" in ('RUNNING', 'DONE'))
);
