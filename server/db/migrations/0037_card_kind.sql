-- Issue 43 point 2: one word pair for a candidate's card, `full` | `anonymised` (contract/cards.ts),
-- where the access log said card_pdf / card_anonymous and the timeline's card details pdf / anonymous.
-- Readers still take the old words (contract/card-words.ts `cardKindOf`), as the card URL does.
ALTER TABLE "agent_access_log" DROP CONSTRAINT "agent_access_log_what_values";--> statement-breakpoint
UPDATE "agent_access_log" SET "what" = CASE "what" WHEN 'card_pdf' THEN 'card_full' ELSE 'card_anonymised' END
  WHERE "what" IN ('card_pdf', 'card_anonymous');--> statement-breakpoint
UPDATE "timeline_entries"
  SET "details" = jsonb_set("details", '{format}', to_jsonb(CASE "details" ->> 'format' WHEN 'pdf' THEN 'full' ELSE 'anonymised' END))
  WHERE "action" IN ('card.downloaded', 'card.sent') AND "details" ->> 'format' IN ('pdf', 'anonymous');--> statement-breakpoint
ALTER TABLE "agent_access_log" ADD CONSTRAINT "agent_access_log_what_values" CHECK ("agent_access_log"."what" in ('profile', 'card_full', 'card_anonymised', 'result_detail', 'results_csv'));
