CREATE TABLE "agent_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" uuid,
	"agent_email" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"what" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_access_log_what_values" CHECK ("agent_access_log"."what" in ('profile', 'card_pdf', 'card_anonymous'))
);
--> statement-breakpoint
CREATE TABLE "agent_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" uuid,
	"agent_email" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_actions_target_kind_values" CHECK ("agent_actions"."target_kind" in ('profile', 'company'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "assigned_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (matchwerk_company_search("values")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "assigned_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (matchwerk_profile_search("values")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "sort_name" text GENERATED ALWAYS AS (matchwerk_profile_sort_name("values")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_access_log" ADD CONSTRAINT "agent_access_log_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_access_log" ADD CONSTRAINT "agent_access_log_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_actions" ADD CONSTRAINT "agent_actions_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_access_log_profile_idx" ON "agent_access_log" USING btree ("profile_id","at");--> statement-breakpoint
CREATE INDEX "agent_actions_target_idx" ON "agent_actions" USING btree ("target_id","at");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_assigned_agent_id_users_id_fk" FOREIGN KEY ("assigned_agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_assigned_agent_id_users_id_fk" FOREIGN KEY ("assigned_agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_assigned_agent_idx" ON "companies" USING btree ("assigned_agent_id");--> statement-breakpoint
CREATE INDEX "companies_search_text_trgm_idx" ON "companies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_search_text_trgm_idx" ON "profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_skills_gin_idx" ON "profiles" USING gin (("values" -> 'skills'));--> statement-breakpoint
CREATE INDEX "profiles_occupation_idx" ON "profiles" USING btree (("values" ->> 'occupation'));--> statement-breakpoint
CREATE INDEX "profiles_assigned_agent_idx" ON "profiles" USING btree ("assigned_agent_id");--> statement-breakpoint
CREATE INDEX "profiles_type_updated_idx" ON "profiles" USING btree ("type","updated_at","id");--> statement-breakpoint
CREATE INDEX "profiles_type_created_idx" ON "profiles" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_type_sort_name_idx" ON "profiles" USING btree ("type","sort_name","id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);