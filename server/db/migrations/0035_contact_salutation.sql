-- Issue 42: a contact is saluted formally in the mail that sends it candidates ("Sehr geehrte Frau
-- Krüger", "Dear Ms Krüger"), so its name is kept in parts. `name` stays: the whole name as it reads
-- (title, first and last name), which timelines and lists show.
ALTER TABLE "company_contacts" ADD COLUMN "salutation" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD CONSTRAINT "company_contacts_salutation_values" CHECK ("company_contacts"."salutation" in ('ms', 'mr', 'none'));--> statement-breakpoint
-- Existing contacts were named in one piece: a leading "Dr." / "Prof." becomes the title, the last word
-- the last name, the rest the first name (contract/client.ts `splitContactName` does the same). Nobody's
-- salutation is guessed: "none" greets them neutrally by the whole name until an agent sets it.
UPDATE "company_contacts" SET
  "title" = btrim(coalesce(substring(btrim("name") from '^((?:(?:Prof|Dr)\.\s*)+)'), '')),
  "first_name" = btrim(regexp_replace(regexp_replace(btrim("name"), '^((?:(?:Prof|Dr)\.\s*)+)', ''), '\S+$', '')),
  "last_name" = coalesce(substring(regexp_replace(btrim("name"), '^((?:(?:Prof|Dr)\.\s*)+)', '') from '(\S+)$'), '');
