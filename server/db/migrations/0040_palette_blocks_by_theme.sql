-- The colours of each theme's blocks newest first (decision 072): a theme's list near a colour that
-- is not a swatch, or a tag's through the themes its items are filed under, merges the theme's
-- blocks around the colour backwards and stops at its newest matches, where the cells around it
-- are read whole and every match sorted. palette_cells_block_newest_idx stays for the unnarrowed
-- lists, which would otherwise merge a scan for every theme and block.
CREATE INDEX "palette_cells_theme_block_newest_idx" ON "palette_cells" USING btree ("theme",("cell" / 32768 * 4096 + "cell" / 256 % 64 * 64 + "cell" % 128 / 2),"item_id","cell","l","a","b");
