-- Within each cell of palette_cells, the colours of each theme together (decision 068): a theme's
-- list in a colour that is not a swatch reads its own matches from the cells around the colour,
-- where it read every theme's and looked each up in its postings. `theme` is the item's one
-- theme (contract/constants.ts' THEMES), or '' for an item with none or several, whose colours a
-- theme's list reads too and looks up. The table is derived from items, so it is written anew in
-- the new key's order (about a minute at a million items), its index of blocks built after.
CREATE OR REPLACE FUNCTION palette_theme(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN count(DISTINCT tag) = 1 THEN min(tag) ELSE '' END
    FROM unnest(tags) AS tag WHERE tag IN ('anime', 'landscape', 'minimalistic') $$;--> statement-breakpoint
TRUNCATE palette_cells;--> statement-breakpoint
ALTER TABLE "palette_cells" DROP CONSTRAINT "palette_cells_cell_item_id_l_a_b_pk";--> statement-breakpoint
DROP INDEX "palette_cells_block_newest_idx";--> statement-breakpoint
ALTER TABLE "palette_cells" ADD COLUMN "theme" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "palette_cells" ADD CONSTRAINT "palette_cells_cell_theme_item_id_l_a_b_pk" PRIMARY KEY("cell","theme","item_id","l","a","b");--> statement-breakpoint
INSERT INTO palette_cells (cell, theme, item_id, l, a, b)
  SELECT colour.cell, palette_theme(items.tags), items.item_id, colour.l, colour.a, colour.b
  FROM items, palette_colours(items.colours) AS colour WHERE items.published ORDER BY 1, 2, 3
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "palette_cells_block_newest_idx" ON "palette_cells" USING btree (("cell" / 32768 * 4096 + "cell" / 256 % 64 * 64 + "cell" % 128 / 2),"item_id","cell","l","a","b");--> statement-breakpoint
-- As in migration 0035, with each colour's theme; an item whose theme changes with its tags is
-- written anew, and a deletion names the theme, so each of its colours is one range of the key.
CREATE OR REPLACE FUNCTION items_palette_cells_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO palette_cells (cell, theme, item_id, l, a, b)
    SELECT colour.cell, palette_theme(written.tags), written.item_id, colour.l, colour.a, colour.b
    FROM written, palette_colours(written.colours) AS colour WHERE written.published
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_palette_cells_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM palette_cells USING before JOIN written USING (item_id), palette_colours(before.colours) AS gone
    WHERE palette_cells.cell = gone.cell AND palette_cells.theme = palette_theme(before.tags)
      AND palette_cells.item_id = before.item_id AND before.published
      AND NOT (written.published AND written.colours IS NOT DISTINCT FROM before.colours
        AND palette_theme(written.tags) = palette_theme(before.tags));
  INSERT INTO palette_cells (cell, theme, item_id, l, a, b)
    SELECT colour.cell, palette_theme(written.tags), written.item_id, colour.l, colour.a, colour.b
    FROM written JOIN before USING (item_id), palette_colours(written.colours) AS colour
    WHERE written.published AND NOT (before.published AND written.colours IS NOT DISTINCT FROM before.colours
      AND palette_theme(written.tags) = palette_theme(before.tags))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_palette_cells_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM palette_cells USING before, palette_colours(before.colours) AS gone
    WHERE palette_cells.cell = gone.cell AND palette_cells.theme = palette_theme(before.tags)
      AND palette_cells.item_id = before.item_id;
  RETURN NULL;
END $$;--> statement-breakpoint
ANALYZE palette_cells;
