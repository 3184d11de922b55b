-- A posting carries its item's shades (decision 083): a bit for each swatch its palette is near,
-- in SWATCHES' order (the colours and distance of the swatches' indexes, migration 0022), and one
-- for OLED dark (OLED_DARK_SHARE). A search within a swatch or OLED dark keeps a word's newest
-- postings from the key alone, where each posting's item was looked up in the filter's index.
CREATE OR REPLACE FUNCTION item_shades(colours real[], media jsonb) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (0
    + CASE WHEN palette_distance(colours, '45.47877327529004'::float8, '58.643876479971105'::float8, '30.789461880747314'::float8) <= 25 THEN 1 ELSE 0 END -- red
    + CASE WHEN palette_distance(colours, '61.80954637513702'::float8, '33.734603917275564'::float8, '58.04550706531344'::float8) <= 25 THEN 2 ELSE 0 END -- orange
    + CASE WHEN palette_distance(colours, '79.95309975244331'::float8, '-1.7587874590305197'::float8, '69.55722821767405'::float8) <= 25 THEN 4 ELSE 0 END -- yellow
    + CASE WHEN palette_distance(colours, '52.80093049553243'::float8, '-39.631654380403006'::float8, '28.912916132803733'::float8) <= 25 THEN 8 ELSE 0 END -- green
    + CASE WHEN palette_distance(colours, '54.54550245717286'::float8, '-31.17846923193146'::float8, '-3.1592385726930017'::float8) <= 25 THEN 16 ELSE 0 END -- teal
    + CASE WHEN palette_distance(colours, '43.26193814406866'::float8, '15.651111467341938'::float8, '-53.79786265372169'::float8) <= 25 THEN 32 ELSE 0 END -- blue
    + CASE WHEN palette_distance(colours, '40.05764509319866'::float8, '42.95030049251525'::float8, '-54.07157558939433'::float8) <= 25 THEN 64 ELSE 0 END -- purple
    + CASE WHEN palette_distance(colours, '63.76997013439501'::float8, '44.65414514003119'::float8, '-5.7094269326359415'::float8) <= 25 THEN 128 ELSE 0 END -- pink
    + CASE WHEN palette_distance(colours, '94.79624582959184'::float8, '0.005024514194540419'::float8, '-0.009941273890556879'::float8) <= 25 THEN 256 ELSE 0 END -- white
    + CASE WHEN palette_distance(colours, '53.19277745493915'::float8, '0.003137832783717265'::float8, '-0.006208372375593463'::float8) <= 25 THEN 512 ELSE 0 END -- grey
    + CASE WHEN (media ->> 'darkShare')::real >= 0.5 THEN 1024 ELSE 0 END)::smallint
$$;--> statement-breakpoint
DROP TABLE "search_postings";--> statement-breakpoint
CREATE TABLE "search_postings" (
	"word" text COLLATE "C" NOT NULL,
	"item_id" text NOT NULL,
	"rank" real NOT NULL,
	"shades" smallint NOT NULL,
	CONSTRAINT "search_postings_word_item_id_pk" PRIMARY KEY("word","item_id") INCLUDE ("rank", "shades")
);
--> statement-breakpoint
-- Each item's shades worked out once, not once for each of its words (OFFSET 0 keeps the
-- subquery from being merged into the join with its words).
CREATE OR REPLACE FUNCTION items_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings (word, item_id, rank, shades)
    SELECT lexeme, posted.item_id, search_word_rank(posted.search, lexeme), posted.shades
    FROM (SELECT item_id, search, item_shades(colours, media) AS shades FROM written
          WHERE published OFFSET 0) AS posted, unnest(posted.search)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An item's postings are written again when its words, its palette or its dark share change.
CREATE OR REPLACE FUNCTION items_postings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings USING before JOIN written USING (item_id), unnest(before.search) AS gone
    WHERE search_postings.word = gone.lexeme AND search_postings.item_id = before.item_id
      AND before.published AND NOT (written.published AND written.search = before.search
        AND written.colours IS NOT DISTINCT FROM before.colours
        AND written.media ->> 'darkShare' IS NOT DISTINCT FROM before.media ->> 'darkShare');
  INSERT INTO search_postings (word, item_id, rank, shades)
    SELECT lexeme, posted.item_id, search_word_rank(posted.search, lexeme), posted.shades
    FROM (SELECT written.item_id, written.search, item_shades(written.colours, written.media) AS shades
          FROM written JOIN before USING (item_id)
          WHERE written.published AND NOT (before.published AND written.search = before.search
            AND written.colours IS NOT DISTINCT FROM before.colours
            AND written.media ->> 'darkShare' IS NOT DISTINCT FROM before.media ->> 'darkShare')
          OFFSET 0) AS posted, unnest(posted.search)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- In the key's order, so a word's postings share pages.
INSERT INTO search_postings (word, item_id, rank, shades)
  SELECT lexeme, posted.item_id, search_word_rank(posted.search, lexeme), posted.shades
  FROM (SELECT item_id, search, item_shades(colours, media) AS shades FROM items WHERE published OFFSET 0) AS posted,
    unnest(posted.search)
  ORDER BY 1, 2;--> statement-breakpoint
ANALYZE search_postings;
