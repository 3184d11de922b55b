CREATE TABLE "waiting_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number_id" serial NOT NULL,
	"source_key" text NOT NULL,
	"source_name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"failure_reason" text,
	"review" boolean DEFAULT false NOT NULL,
	"item_id" text,
	"item_url" text,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_items_number_id_unique" UNIQUE("number_id")
);
--> statement-breakpoint
CREATE INDEX "waiting_items_claim_idx" ON "waiting_items" USING btree ("status","priority","number_id");