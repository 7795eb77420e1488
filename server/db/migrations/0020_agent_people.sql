-- Agents create candidates and companies without an account and invite them (issue 20): a company
-- may have no account (user_id null), candidates and companies without one keep the e-mail an
-- agent entered (contact_email), and invitations hold the one-time links. Existing rows all have
-- an account, so contact_email stays null for them; the search e-mail of a profile without an
-- account becomes its contact e-mail (trigger below), which the backfill at the end applies.
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"profile_id" uuid,
	"company_id" uuid,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invitations_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "invitations_one_target" CHECK (("invitations"."profile_id" is null) <> ("invitations"."company_id" is null)),
	CONSTRAINT "invitations_language_values" CHECK ("invitations"."language" in ('de', 'en'))
);
--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_profile_idx" ON "invitations" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "invitations_company_idx" ON "invitations" USING btree ("company_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_copy_search_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_email := lower(coalesce((SELECT email FROM users WHERE id = NEW.user_id), NEW.contact_email, ''));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER profiles_copy_search_email ON profiles;
--> statement-breakpoint
CREATE TRIGGER profiles_copy_search_email BEFORE INSERT OR UPDATE OF user_id, contact_email ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_copy_search_email();
--> statement-breakpoint
UPDATE profiles SET search_email = lower(contact_email) WHERE user_id IS NULL AND contact_email IS NOT NULL;
--> statement-breakpoint
SET CONSTRAINTS ALL IMMEDIATE;
