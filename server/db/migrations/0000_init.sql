CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"user_type" text NOT NULL,
	"language" text DEFAULT 'de' NOT NULL,
	"registration_step" integer DEFAULT 1 NOT NULL,
	"mfa_status" text DEFAULT 'disabled' NOT NULL,
	"phone_number" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_registration_step_range" CHECK ("users"."registration_step" between 0 and 5),
	CONSTRAINT "users_mfa_status_values" CHECK ("users"."mfa_status" in ('enabled', 'pending', 'disabled')),
	CONSTRAINT "users_language_values" CHECK ("users"."language" in ('de', 'en'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_user_type_idx" ON "users" USING btree ("user_type");