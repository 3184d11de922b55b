-- Each cell's colours by age (decision 078): an unnarrowed list, or a theme's, near a colour that is
-- not a swatch reads the cells around it only among the newest items its matches reach, a range of
-- each cell's key, where the key by cell and theme holds each cell's colours in one run whatever
-- their age, and the blocks' index reads cubes twice the cells' side.
CREATE INDEX "palette_cells_cell_newest_idx" ON "palette_cells" USING btree ("cell","item_id","l","a","b");
