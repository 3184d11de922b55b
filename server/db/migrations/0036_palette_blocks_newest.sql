-- A colour's newest matches, merged from the blocks around it (decision 067): a block is a cube
-- of two cells a side (paletteBlock in schema.ts), and this index holds each block's colours
-- newest first, so an unnarrowed list reads each block backwards, merges them and stops at its
-- newest matches. A colour lies within reach of about 20 blocks, where it lies within reach of
-- about 85 cells, each a scan to plan. The cells' own key stays for reading every match at once.
CREATE INDEX "palette_cells_block_newest_idx" ON "palette_cells" USING btree (("cell" / 32768 * 4096 + "cell" / 256 % 64 * 64 + "cell" % 128 / 2),"item_id","cell","l","a","b");--> statement-breakpoint
-- The planner's statistics of the blocks, which the index keeps as an expression.
ANALYZE palette_cells;
