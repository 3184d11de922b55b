-- A posting carries the item's rank for its word alone, and the key holds it: a one-word search
-- ranks its newest matches by summing them from the index, instead of reading each match's row
-- to rank its words (decision 053). For one term ts_rank is that sum over the words it matches.
-- The word, quoted as tsquery input wants it (quotes and backslashes doubled), matches itself only.
CREATE OR REPLACE FUNCTION search_word_rank(search tsvector, word text) RETURNS real
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ts_rank(search, ('''' || replace(replace(word, '\', '\\'), '''', '''''') || '''')::tsquery)
$$;--> statement-breakpoint
DROP TABLE "search_postings";--> statement-breakpoint
CREATE TABLE "search_postings" (
	"word" text COLLATE "C" NOT NULL,
	"item_id" text NOT NULL,
	"rank" real NOT NULL,
	CONSTRAINT "search_postings_word_item_id_pk" PRIMARY KEY("word","item_id") INCLUDE ("rank")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings (word, item_id, rank)
    SELECT lexeme, written.item_id, search_word_rank(written.search, lexeme)
    FROM written, unnest(written.search) WHERE written.published
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_postings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings USING before JOIN written USING (item_id), unnest(before.search) AS gone
    WHERE search_postings.word = gone.lexeme AND search_postings.item_id = before.item_id
      AND before.published AND NOT (written.published AND written.search = before.search);
  INSERT INTO search_postings (word, item_id, rank)
    SELECT lexeme, written.item_id, search_word_rank(written.search, lexeme)
    FROM written JOIN before USING (item_id), unnest(written.search)
    WHERE written.published AND NOT (before.published AND written.search = before.search)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- In the key's order, so a word's postings share pages.
INSERT INTO search_postings (word, item_id, rank)
  SELECT lexeme, items.item_id, search_word_rank(items.search, lexeme)
  FROM items, unnest(items.search) WHERE items.published ORDER BY 1, 2;--> statement-breakpoint
ANALYZE search_postings;
--> statement-breakpoint
-- The catalogue's words spelled like `typed`, closest first: 'did you mean' asks with a lower bar
-- than `<%`'s own, as one slip in a short word already leaves few trigrams in common. The function
-- sets it for its own run: one statement where a transaction took three more.
CREATE OR REPLACE FUNCTION search_words_like(typed text, most int) RETURNS SETOF text
  LANGUAGE sql STABLE SET pg_trgm.word_similarity_threshold = 0.3 AS $$
  SELECT word FROM search_words WHERE typed <% word ORDER BY word_similarity(typed, word) DESC, word LIMIT most
$$;
