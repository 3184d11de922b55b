-- The CIELAB cells (25 units a side) that a palette's colours (L, a, b in turn) lie in: a
-- colour filter looks in the cells within its reach. Kept in step with cellsNear in
-- items.repository.ts.
CREATE OR REPLACE FUNCTION colour_cells(colours real[]) RETURNS int[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array(SELECT DISTINCT (floor(colours[3 * k + 1]::float8 / 25) * 10000
      + (floor(colours[3 * k + 2]::float8 / 25) + 10) * 100 + floor(colours[3 * k + 3]::float8 / 25) + 10)::int
    FROM generate_series(0, coalesce(cardinality(colours), 0) / 3 - 1) AS k) $$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- The words of the items a statement wrote, when published: spelling looks among these.
CREATE OR REPLACE FUNCTION items_add_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT word FROM written, regexp_split_to_table(items_words(written.name, written.tags), '[^[:alnum:]]+') AS word
    WHERE written.published AND word ~ '[[:alpha:]]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER items_search_words_inserted AFTER INSERT ON items REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION items_add_search_words();--> statement-breakpoint
CREATE TRIGGER items_search_words_updated AFTER UPDATE ON items REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION items_add_search_words();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT word FROM items, regexp_split_to_table(items_words(items.name, items.tags), '[^[:alnum:]]+') AS word
  WHERE items.published AND word ~ '[[:alpha:]]'
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP INDEX "items_words_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "items_published_price_asc_idx" ON "items" USING btree ("price_cents","item_id" DESC NULLS FIRST) WHERE published;--> statement-breakpoint
CREATE INDEX "items_colour_cells_idx" ON "items" USING gin (colour_cells("colours")) WHERE published;--> statement-breakpoint
CREATE INDEX "items_published_dark_idx" ON "items" USING btree ("item_id") WHERE published and ("items"."media" ->> 'darkShare')::real >= 0.5;--> statement-breakpoint
-- The planner weighs the colour index by the statistics of its expression, gathered by this.
ANALYZE items;
