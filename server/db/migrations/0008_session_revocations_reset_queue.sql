CREATE TABLE "password_reset_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_revocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sid" uuid,
	"user_id" uuid,
	"revoked_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "session_revocations_target" CHECK ("session_revocations"."sid" is not null or "session_revocations"."user_id" is not null)
);
--> statement-breakpoint
CREATE INDEX "password_reset_requests_created_idx" ON "password_reset_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "session_revocations_recorded_idx" ON "session_revocations" USING btree ("recorded_at");