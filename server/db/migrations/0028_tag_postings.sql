-- A tag's published items, one range of the key, newest last: a tag's list is counted, and
-- walked newest or oldest first, from the index alone, where the GIN index of the tags reads
-- every match's row (a third of the catalogue for a common tag). The key holds the photo type
-- for a tag's lists of one type.
CREATE TABLE "tag_postings" (
	"tag" text COLLATE "C" NOT NULL,
	"item_id" text NOT NULL,
	"photo_type" text NOT NULL,
	CONSTRAINT "tag_postings_tag_item_id_pk" PRIMARY KEY("tag","item_id") INCLUDE ("photo_type")
);
--> statement-breakpoint
-- Kept as the search postings are (migration 0024): per statement, from its transition tables.
CREATE OR REPLACE FUNCTION items_tag_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_postings (tag, item_id, photo_type)
    SELECT tag, written.item_id, written.photo_type FROM written, unnest(written.tags) AS tag WHERE written.published
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_tag_postings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tag_postings USING before JOIN written USING (item_id), unnest(before.tags) AS gone
    WHERE tag_postings.tag = gone AND tag_postings.item_id = before.item_id AND before.published
      AND NOT (written.published AND written.tags = before.tags AND written.photo_type = before.photo_type);
  INSERT INTO tag_postings (tag, item_id, photo_type)
    SELECT tag, written.item_id, written.photo_type FROM written JOIN before USING (item_id), unnest(written.tags) AS tag
    WHERE written.published
      AND NOT (before.published AND written.tags = before.tags AND written.photo_type = before.photo_type)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_tag_postings_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tag_postings USING before, unnest(before.tags) AS gone
    WHERE tag_postings.tag = gone AND tag_postings.item_id = before.item_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER items_tag_postings_inserted AFTER INSERT ON items REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION items_tag_postings_inserted();--> statement-breakpoint
CREATE TRIGGER items_tag_postings_updated AFTER UPDATE ON items REFERENCING OLD TABLE AS before NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION items_tag_postings_updated();--> statement-breakpoint
CREATE TRIGGER items_tag_postings_deleted AFTER DELETE ON items REFERENCING OLD TABLE AS before
  FOR EACH STATEMENT EXECUTE FUNCTION items_tag_postings_deleted();--> statement-breakpoint
-- In the key's order, so a tag's postings share pages.
INSERT INTO tag_postings (tag, item_id, photo_type)
  SELECT tag, items.item_id, items.photo_type FROM items, unnest(items.tags) AS tag WHERE items.published ORDER BY tag COLLATE "C", 2
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE tag_postings;
