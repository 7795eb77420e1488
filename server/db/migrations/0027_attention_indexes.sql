-- The agent's attention (issue 21 point 7): "new registrations to vet" asks whether an agent has written
-- anything on a candidate's or company's timeline; these small indexes hold only the agents' entries.
CREATE INDEX "timeline_entries_agent_profile_idx" ON "timeline_entries" USING btree ("profile_id") WHERE "timeline_entries"."author_email" is not null;--> statement-breakpoint
CREATE INDEX "timeline_entries_agent_company_idx" ON "timeline_entries" USING btree ("company_id") WHERE "timeline_entries"."author_email" is not null;