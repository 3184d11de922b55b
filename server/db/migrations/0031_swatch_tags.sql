-- Each swatch an item's palette comes near (as the swatches' indexes decide it), with each of
-- its tags: 'teal landscape'. A tag's wallpapers of a swatch are one key of the index below, so
-- a tag that holds few of a swatch's wallpapers does not walk the swatch's index to learn so
-- (decision 060). The swatches are contract/colour.ts's, in CIELAB as the indexes of migration
-- 0026 write them. An index is built and kept with a search path of the system's schemas only,
-- so the function keeps the search path it was created with, where palette_distance is.
CREATE OR REPLACE FUNCTION swatch_tags(colours real[], tags text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT
  AS $$ SELECT array(SELECT swatch || ' ' || tag FROM (VALUES
      ('red', '45.47877327529004'::float8, '58.643876479971105'::float8, '30.789461880747314'::float8),
      ('orange', '61.80954637513702', '33.734603917275564', '58.04550706531344'),
      ('yellow', '79.95309975244331', '-1.7587874590305197', '69.55722821767405'),
      ('green', '52.80093049553243', '-39.631654380403006', '28.912916132803733'),
      ('teal', '54.54550245717286', '-31.17846923193146', '-3.1592385726930017'),
      ('blue', '43.26193814406866', '15.651111467341938', '-53.79786265372169'),
      ('purple', '40.05764509319866', '42.95030049251525', '-54.07157558939433'),
      ('pink', '63.76997013439501', '44.65414514003119', '-5.7094269326359415'),
      ('white', '94.79624582959184', '0.005024514194540419', '-0.009941273890556879'),
      ('grey', '53.19277745493915', '0.003137832783717265', '-0.006208372375593463')
    ) AS swatches(swatch, l, a, b), unnest(tags) AS tag
    WHERE palette_distance(colours, l, a, b) <= 25) $$;--> statement-breakpoint
CREATE INDEX "items_swatch_tags_idx" ON "items" USING gin (swatch_tags("colours", "tags")) WHERE published;
