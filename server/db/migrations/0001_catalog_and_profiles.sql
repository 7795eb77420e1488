CREATE TABLE "catalogs" (
	"scope" text PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"checksum" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogs_scope_values" CHECK ("catalogs"."scope" in ('profile', 'company', 'job'))
);
--> statement-breakpoint
CREATE TABLE "profile_tombstones" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"change_tx" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"change_tx" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	CONSTRAINT "profiles_type_values" CHECK ("profiles"."type" in ('luna', 'stella', 'nova')),
	CONSTRAINT "profiles_status_values" CHECK ("profiles"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE INDEX "profile_tombstones_change_tx_idx" ON "profile_tombstones" USING btree ("change_tx");--> statement-breakpoint
CREATE INDEX "profile_tombstones_deleted_at_idx" ON "profile_tombstones" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "profiles_change_tx_idx" ON "profiles" USING btree ("change_tx");--> statement-breakpoint
CREATE INDEX "profiles_user_id_idx" ON "profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profiles_type_status_idx" ON "profiles" USING btree ("type","status");