-- For each swatch and for OLED dark, a word's postings of the items it keeps, newest first with
-- their ranks (decision 084): a search within one walks its matches alone, however seldom the
-- word's items have it, where a walk of all the word's postings read them to find its 1,000.
CREATE INDEX "search_postings_red_idx" ON "search_postings" USING btree ("word","item_id","rank") WHERE "search_postings"."shades" & 1 <> 0;--> statement-breakpoint
CREATE INDEX "search_postings_orange_idx" ON "search_postings" USING btree ("word","item_id","rank") WHERE "search_postings"."shades" & 2 <> 0;--> statement-breakpoint
CREATE INDEX "search_postings_yellow_idx" ON "search_postings" USING btree ("word","item_id","rank") WHERE "search_postings"."shades" & 4 <> 0;--> statement-breakpoint
CREATE INDEX "search_postings_green_idx" ON "search_postings" USING btree ("word","item_id","rank") WHERE "search_postings"."shades" & 8 <> 0;--> statement-breakpoint
CREATE INDEX "search_postings_teal_idx" ON "search_postings" USING btree ("word","item_id","rank") WHERE "search_postings"."shades" & 16 <> 0;--> statement-breakpoint
CREATE INDEX "search_postings_blue_idx" ON "search_postings" USING btree ("word","item_id","rank") WHERE "search_postings"."shades" & 32 <> 0;--> statement-breakpoint
CREATE INDEX "search_postings_purple_idx" ON "search_postings" USING btree ("word","item_id","rank") WHERE "search_postings"."shades" & 64 <> 0;--> statement-breakpoint
CREATE INDEX "search_postings_pink_idx" ON "search_postings" USING btree ("word","item_id","rank") WHERE "search_postings"."shades" & 128 <> 0;--> statement-breakpoint
CREATE INDEX "search_postings_white_idx" ON "search_postings" USING btree ("word","item_id","rank") WHERE "search_postings"."shades" & 256 <> 0;--> statement-breakpoint
CREATE INDEX "search_postings_grey_idx" ON "search_postings" USING btree ("word","item_id","rank") WHERE "search_postings"."shades" & 512 <> 0;--> statement-breakpoint
CREATE INDEX "search_postings_dark_idx" ON "search_postings" USING btree ("word","item_id","rank") WHERE "search_postings"."shades" & 1024 <> 0;