CREATE TABLE "app_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"event_type" text NOT NULL,
	"app_version" text NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"release" text NOT NULL,
	"sdk" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "app_events_created_idx" ON "app_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "app_events_item_idx" ON "app_events" USING btree ("item_id");