CREATE TABLE "items" (
	"item_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"free_download" boolean DEFAULT false NOT NULL,
	"stars" integer DEFAULT 5 NOT NULL,
	"photo_type" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"thumbnail" text NOT NULL,
	"preview" text DEFAULT '' NOT NULL,
	"image_list" jsonb NOT NULL,
	"downloads" jsonb NOT NULL,
	"media" jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, name), 'A') || setweight(array_to_tsvector(tags), 'B')) STORED NOT NULL
);
--> statement-breakpoint
CREATE INDEX "items_published_item_id_idx" ON "items" USING btree ("published","item_id");--> statement-breakpoint
CREATE INDEX "items_tags_idx" ON "items" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search");