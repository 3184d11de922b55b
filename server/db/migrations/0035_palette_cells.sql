-- A colour that is not a swatch reads its matches from the cells of CIELAB around it (decision
-- 063): each colour of each published item's palette is a row of palette_cells under its cell, a
-- cube of 12.5 units (PALETTE_CELL in items.repository.ts), and the few dozen cells within reach
-- of a colour are ranges of the key, which holds the colour itself, so they are read from the
-- index alone. The palette points' indexes (migration 0034) found the same matches but read each
-- one's row of items at random: at a million items, tens of thousands of them took seconds.
-- A cell's index on each axis is clamped to [-64, 63] (colours in [-800, 800)), so any value a
-- palette holds has a cell.
CREATE OR REPLACE FUNCTION palette_cell(l real, a real, b real) RETURNS int
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT (least(greatest(floor(l / 12.5), -64), 63)::int + 64) * 16384
    + (least(greatest(floor(a / 12.5), -64), 63)::int + 64) * 128
    + (least(greatest(floor(b / 12.5), -64), 63)::int + 64) $$;--> statement-breakpoint
-- A palette's colours (three coordinates each) with their cells, as palette_distance reads them:
-- the first five, and none with a coordinate missing; none for a palette not yet made.
CREATE OR REPLACE FUNCTION palette_colours(colours real[]) RETURNS TABLE (cell int, l real, a real, b real)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT palette_cell(colours[3 * n - 2], colours[3 * n - 1], colours[3 * n]),
    colours[3 * n - 2], colours[3 * n - 1], colours[3 * n]
    FROM generate_series(1, cardinality(colours) / 3) AS n
    WHERE n <= 5 AND colours[3 * n - 2] IS NOT NULL AND colours[3 * n - 1] IS NOT NULL AND colours[3 * n] IS NOT NULL $$;--> statement-breakpoint
CREATE TABLE "palette_cells" (
	"cell" integer NOT NULL,
	"item_id" text NOT NULL,
	"l" real NOT NULL,
	"a" real NOT NULL,
	"b" real NOT NULL,
	CONSTRAINT "palette_cells_cell_item_id_l_a_b_pk" PRIMARY KEY("cell","item_id","l","a","b")
);
--> statement-breakpoint
-- Kept as the tag postings are (migration 0028): per statement, from its transition tables. A
-- palette is made after its item is written (the colours job), and changes with a new picture.
CREATE OR REPLACE FUNCTION items_palette_cells_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO palette_cells (cell, item_id, l, a, b)
    SELECT colour.cell, written.item_id, colour.l, colour.a, colour.b
    FROM written, palette_colours(written.colours) AS colour WHERE written.published
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_palette_cells_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM palette_cells USING before JOIN written USING (item_id), palette_colours(before.colours) AS gone
    WHERE palette_cells.cell = gone.cell AND palette_cells.item_id = before.item_id AND before.published
      AND NOT (written.published AND written.colours IS NOT DISTINCT FROM before.colours);
  INSERT INTO palette_cells (cell, item_id, l, a, b)
    SELECT colour.cell, written.item_id, colour.l, colour.a, colour.b
    FROM written JOIN before USING (item_id), palette_colours(written.colours) AS colour
    WHERE written.published AND NOT (before.published AND written.colours IS NOT DISTINCT FROM before.colours)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_palette_cells_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM palette_cells USING before, palette_colours(before.colours) AS gone
    WHERE palette_cells.cell = gone.cell AND palette_cells.item_id = before.item_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER items_palette_cells_inserted AFTER INSERT ON items REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION items_palette_cells_inserted();--> statement-breakpoint
CREATE TRIGGER items_palette_cells_updated AFTER UPDATE ON items REFERENCING OLD TABLE AS before NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION items_palette_cells_updated();--> statement-breakpoint
CREATE TRIGGER items_palette_cells_deleted AFTER DELETE ON items REFERENCING OLD TABLE AS before
  FOR EACH STATEMENT EXECUTE FUNCTION items_palette_cells_deleted();--> statement-breakpoint
-- In the key's order, so a cell's colours share pages.
INSERT INTO palette_cells (cell, item_id, l, a, b)
  SELECT colour.cell, items.item_id, colour.l, colour.a, colour.b
  FROM items, palette_colours(items.colours) AS colour WHERE items.published ORDER BY 1, 2
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE palette_cells;--> statement-breakpoint
DROP INDEX "items_palette_point_1_idx";--> statement-breakpoint
DROP INDEX "items_palette_point_2_idx";--> statement-breakpoint
DROP INDEX "items_palette_point_3_idx";--> statement-breakpoint
DROP INDEX "items_palette_point_4_idx";--> statement-breakpoint
DROP INDEX "items_palette_point_5_idx";--> statement-breakpoint
DROP FUNCTION palette_point(real[], int);--> statement-breakpoint
DROP EXTENSION IF EXISTS cube;
