CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_words(name text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(name) || ' ' || array_to_string(tags, ' ') $$;--> statement-breakpoint
CREATE INDEX "items_published_price_idx" ON "items" USING btree ("price_cents","item_id") WHERE published;--> statement-breakpoint
CREATE INDEX "items_published_name_idx" ON "items" USING btree ("name","item_id") WHERE published;--> statement-breakpoint
CREATE INDEX "items_published_type_idx" ON "items" USING btree ("photo_type","item_id") WHERE published;--> statement-breakpoint
CREATE INDEX "items_words_trgm_idx" ON "items" USING gin (items_words("name", "tags") gin_trgm_ops) WHERE published;