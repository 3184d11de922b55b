-- Byte order: the words starting with a prefix are one range of the key.
CREATE TABLE "search_postings" (
	"word" text COLLATE "C" NOT NULL,
	"item_id" text NOT NULL,
	CONSTRAINT "search_postings_word_item_id_pk" PRIMARY KEY("word","item_id")
);
--> statement-breakpoint
-- The postings of the published items a statement wrote, changed or removed; an item's are
-- found by its words, the key's first column.
CREATE OR REPLACE FUNCTION items_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings (word, item_id)
    SELECT lexeme, written.item_id FROM written, unnest(written.search) WHERE written.published
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_postings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings USING before JOIN written USING (item_id), unnest(before.search) AS gone
    WHERE search_postings.word = gone.lexeme AND search_postings.item_id = before.item_id
      AND before.published AND NOT (written.published AND written.search = before.search);
  INSERT INTO search_postings (word, item_id)
    SELECT lexeme, written.item_id FROM written JOIN before USING (item_id), unnest(written.search)
    WHERE written.published AND NOT (before.published AND written.search = before.search)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_postings_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings USING before, unnest(before.search) AS gone
    WHERE search_postings.word = gone.lexeme AND search_postings.item_id = before.item_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER items_postings_inserted AFTER INSERT ON items REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION items_postings_inserted();--> statement-breakpoint
CREATE TRIGGER items_postings_updated AFTER UPDATE ON items REFERENCING OLD TABLE AS before NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION items_postings_updated();--> statement-breakpoint
CREATE TRIGGER items_postings_deleted AFTER DELETE ON items REFERENCING OLD TABLE AS before
  FOR EACH STATEMENT EXECUTE FUNCTION items_postings_deleted();--> statement-breakpoint
-- The distinct words starting with `prefix`, at most `most`, one step of the key each (the index
-- holds every posting of a word, so reading them all would cost what the postings do).
CREATE OR REPLACE FUNCTION search_posting_words(prefix text, most int) RETURNS SETOF text
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  upto text := prefix || chr(1114111);
  next_word text;
  n int := 0;
BEGIN
  SELECT word INTO next_word FROM search_postings WHERE word >= prefix AND word < upto ORDER BY word LIMIT 1;
  WHILE next_word IS NOT NULL AND n < most LOOP
    RETURN NEXT next_word;
    n := n + 1;
    SELECT word INTO next_word FROM search_postings WHERE word > next_word AND word < upto ORDER BY word LIMIT 1;
  END LOOP;
END $$;--> statement-breakpoint
-- In the key's order, so a word's postings share pages.
INSERT INTO search_postings (word, item_id)
  SELECT lexeme, items.item_id FROM items, unnest(items.search) WHERE items.published ORDER BY 1, 2;--> statement-breakpoint
ANALYZE search_postings;
