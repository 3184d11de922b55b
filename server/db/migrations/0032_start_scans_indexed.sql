-- Every server start looks for live items without a clip and for palettes never put in CIELAB
-- (AdminItemsService.queueMissingLivePreviews, queueMissingPalettes). Without an index of their
-- own each look read the whole items table: about 0.5 and 0.4 s at a million items before the
-- server listened. These hold only what is still waiting, which is nothing once backfilled.
CREATE INDEX "items_without_colours_idx" ON "items" USING btree ("item_id") WHERE "items"."colours" is null;--> statement-breakpoint
CREATE INDEX "items_live_without_preview_idx" ON "items" USING btree ("item_id") WHERE "items"."photo_type" = 'live' and "items"."preview" = '';
