-- Each published item's tags under each swatch its palette is near, with its distance from the
-- swatch (decision 085): a swatch within a tag is one range of the key, ranked from the key alone,
-- where the swatch's index of the items was walked for the tag and the tag looked up under the
-- swatch in a GIN index of '<swatch> <tag>' keys (decisions 060 and 080), which goes.
DROP INDEX "items_swatch_tags_idx";--> statement-breakpoint
DROP FUNCTION swatch_tags(real[], text[]);--> statement-breakpoint
-- The swatches a palette is near, each with its distance: the colours, the distance and the
-- condition of the swatches' own indexes of the items (migration 0022), in SWATCHES' order.
CREATE OR REPLACE FUNCTION item_swatches(colours real[]) RETURNS TABLE (swatch text, distance numeric)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT name, near.distance FROM (VALUES
    ('red', palette_distance(colours, '45.47877327529004'::float8, '58.643876479971105'::float8, '30.789461880747314'::float8)),
    ('orange', palette_distance(colours, '61.80954637513702'::float8, '33.734603917275564'::float8, '58.04550706531344'::float8)),
    ('yellow', palette_distance(colours, '79.95309975244331'::float8, '-1.7587874590305197'::float8, '69.55722821767405'::float8)),
    ('green', palette_distance(colours, '52.80093049553243'::float8, '-39.631654380403006'::float8, '28.912916132803733'::float8)),
    ('teal', palette_distance(colours, '54.54550245717286'::float8, '-31.17846923193146'::float8, '-3.1592385726930017'::float8)),
    ('blue', palette_distance(colours, '43.26193814406866'::float8, '15.651111467341938'::float8, '-53.79786265372169'::float8)),
    ('purple', palette_distance(colours, '40.05764509319866'::float8, '42.95030049251525'::float8, '-54.07157558939433'::float8)),
    ('pink', palette_distance(colours, '63.76997013439501'::float8, '44.65414514003119'::float8, '-5.7094269326359415'::float8)),
    ('white', palette_distance(colours, '94.79624582959184'::float8, '0.005024514194540419'::float8, '-0.009941273890556879'::float8)),
    ('grey', palette_distance(colours, '53.19277745493915'::float8, '0.003137832783717265'::float8, '-0.006208372375593463'::float8))
  ) AS near(name, distance) WHERE near.distance <= 25
$$;--> statement-breakpoint
CREATE TABLE "swatch_postings" (
	"tag" text COLLATE "C" NOT NULL,
	"swatch" text COLLATE "C" NOT NULL,
	"item_id" text NOT NULL,
	"photo_type" text NOT NULL,
	"dark" boolean NOT NULL,
	"distance" numeric NOT NULL,
	CONSTRAINT "swatch_postings_tag_swatch_item_id_pk" PRIMARY KEY("tag","swatch","item_id") INCLUDE ("photo_type", "dark", "distance")
);
--> statement-breakpoint
-- The tag postings' triggers (migration 0028) write both.
CREATE OR REPLACE FUNCTION items_tag_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_postings (tag, item_id, photo_type)
    SELECT tag, written.item_id, written.photo_type FROM written, unnest(written.tags) AS tag WHERE written.published
  ON CONFLICT DO NOTHING;
  INSERT INTO swatch_postings (tag, swatch, item_id, photo_type, dark, distance)
    SELECT tag, near.swatch, written.item_id, written.photo_type,
      coalesce((written.media ->> 'darkShare')::real >= 0.5, false), near.distance
    FROM written, item_swatches(written.colours) AS near, unnest(written.tags) AS tag WHERE written.published
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An item's swatch postings are written again when its palette or its dark share change too.
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
  DELETE FROM swatch_postings
    USING before JOIN written USING (item_id), item_swatches(before.colours) AS near, unnest(before.tags) AS gone
    WHERE swatch_postings.tag = gone AND swatch_postings.swatch = near.swatch
      AND swatch_postings.item_id = before.item_id AND before.published
      AND NOT (written.published AND written.tags = before.tags AND written.photo_type = before.photo_type
        AND written.colours IS NOT DISTINCT FROM before.colours
        AND written.media ->> 'darkShare' IS NOT DISTINCT FROM before.media ->> 'darkShare');
  INSERT INTO swatch_postings (tag, swatch, item_id, photo_type, dark, distance)
    SELECT tag, near.swatch, written.item_id, written.photo_type,
      coalesce((written.media ->> 'darkShare')::real >= 0.5, false), near.distance
    FROM written JOIN before USING (item_id), item_swatches(written.colours) AS near, unnest(written.tags) AS tag
    WHERE written.published
      AND NOT (before.published AND written.tags = before.tags AND written.photo_type = before.photo_type
            AND written.colours IS NOT DISTINCT FROM before.colours
            AND written.media ->> 'darkShare' IS NOT DISTINCT FROM before.media ->> 'darkShare')
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_tag_postings_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tag_postings USING before, unnest(before.tags) AS gone
    WHERE tag_postings.tag = gone AND tag_postings.item_id = before.item_id;
  DELETE FROM swatch_postings USING before, item_swatches(before.colours) AS near, unnest(before.tags) AS gone
    WHERE swatch_postings.tag = gone AND swatch_postings.swatch = near.swatch AND swatch_postings.item_id = before.item_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- In the key's order, so a tag's postings of a swatch share pages.
INSERT INTO swatch_postings (tag, swatch, item_id, photo_type, dark, distance)
  SELECT tag, near.swatch, items.item_id, items.photo_type,
    coalesce((items.media ->> 'darkShare')::real >= 0.5, false), near.distance
  FROM items, item_swatches(items.colours) AS near, unnest(items.tags) AS tag WHERE items.published
  ORDER BY tag COLLATE "C", near.swatch COLLATE "C", items.item_id
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE swatch_postings;
