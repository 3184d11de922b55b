-- A list walked newest first for a colour that is not a swatch (a theme, a tag, a photo type;
-- decision 071) reads each published item's palette, tags and photo type here, from the index
-- alone, where the table's rows (1.7 KB each with their media, four to a page) made it visit a
-- page for each row. Also the sample of the newest that weighs the walk against the cells.
CREATE INDEX "items_published_palettes_idx" ON "items" USING btree ("item_id","tags","photo_type","colours") WHERE published;
