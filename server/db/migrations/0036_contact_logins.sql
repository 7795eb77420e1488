-- Issue 42: every contact of a company may sign in (docs/decisions/0031-contacts-sign-in.md). The
-- contact's login is a user of type company tied to the contact (one at most; the contact row is
-- the login's only link to its company). The invitation that makes it names the contact.
ALTER TABLE "company_contacts" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD CONSTRAINT "company_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD CONSTRAINT "company_contacts_user_id_key" UNIQUE("user_id");--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_contact_id_company_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."company_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_contact_idx" ON "invitations" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_one_target";--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_one_target" CHECK (num_nonnulls("invitations"."profile_id", "invitations"."company_id", "invitations"."contact_id") = 1);
