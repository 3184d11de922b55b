-- A colour that is not a swatch is found by a box around it in CIELAB (decision 062): each of a
-- palette's colours is a point of the cube extension, in an index of its own, and the matches of
-- a colour are the points inside the box around it (as many indexes as PALETTE_SIZE). The cells
-- of migration 0021 go: a grid of 25 units held most of a clustered catalogue in the cells near
-- any colour, so the planner read it all or walked it all.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
-- Schema-qualified: an index is built with only pg_catalog on the search path.
CREATE OR REPLACE FUNCTION palette_point(colours real[], n int) RETURNS cube
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN cardinality(colours) >= 3 * n
    THEN public.cube(ARRAY[colours[3 * n - 2], colours[3 * n - 1], colours[3 * n]]::float8[]) END $$;--> statement-breakpoint
-- Built before the cells' index is dropped: a build lets the table be read, a drop locks it
-- until the migrations commit.
CREATE INDEX "items_palette_point_1_idx" ON "items" USING gist (palette_point("colours", 1)) WHERE published;--> statement-breakpoint
CREATE INDEX "items_palette_point_2_idx" ON "items" USING gist (palette_point("colours", 2)) WHERE published;--> statement-breakpoint
CREATE INDEX "items_palette_point_3_idx" ON "items" USING gist (palette_point("colours", 3)) WHERE published;--> statement-breakpoint
CREATE INDEX "items_palette_point_4_idx" ON "items" USING gist (palette_point("colours", 4)) WHERE published;--> statement-breakpoint
CREATE INDEX "items_palette_point_5_idx" ON "items" USING gist (palette_point("colours", 5)) WHERE published;--> statement-breakpoint
DROP INDEX "items_colour_cells_idx";--> statement-breakpoint
DROP FUNCTION colour_cells(real[]);
