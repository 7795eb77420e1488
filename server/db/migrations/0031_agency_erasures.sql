CREATE TABLE "erasures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"by" text NOT NULL,
	"agent_id" uuid,
	CONSTRAINT "erasures_kind_values" CHECK ("erasures"."kind" in ('candidate', 'company')),
	CONSTRAINT "erasures_reason_values" CHECK ("erasures"."reason" in ('erasure_request', 'duplicate', 'no_longer_needed', 'other')),
	CONSTRAINT "erasures_by_values" CHECK ("erasures"."by" in ('agent', 'operator')),
	CONSTRAINT "erasures_agent" CHECK (("erasures"."by" = 'agent') = ("erasures"."agent_id" is not null))
);
--> statement-breakpoint
CREATE INDEX "erasures_at_idx" ON "erasures" USING btree ("at");