-- Each swatch's index holds the palettes too: a colour's page ranks its newest matches by
-- their distance from the index alone and reads only the rows of its page (decision 049).
-- The new indexes are built before the old ones are dropped: a build lets the table be read,
-- while a drop locks it until the migrations commit.
CREATE INDEX "items_swatch_red_palettes_idx" ON "items" USING btree ("item_id","tags","photo_type","colours") WHERE published and palette_distance("items"."colours", '45.47877327529004'::float8, '58.643876479971105'::float8, '30.789461880747314'::float8) <= 25;--> statement-breakpoint
CREATE INDEX "items_swatch_orange_palettes_idx" ON "items" USING btree ("item_id","tags","photo_type","colours") WHERE published and palette_distance("items"."colours", '61.80954637513702'::float8, '33.734603917275564'::float8, '58.04550706531344'::float8) <= 25;--> statement-breakpoint
CREATE INDEX "items_swatch_yellow_palettes_idx" ON "items" USING btree ("item_id","tags","photo_type","colours") WHERE published and palette_distance("items"."colours", '79.95309975244331'::float8, '-1.7587874590305197'::float8, '69.55722821767405'::float8) <= 25;--> statement-breakpoint
CREATE INDEX "items_swatch_green_palettes_idx" ON "items" USING btree ("item_id","tags","photo_type","colours") WHERE published and palette_distance("items"."colours", '52.80093049553243'::float8, '-39.631654380403006'::float8, '28.912916132803733'::float8) <= 25;--> statement-breakpoint
CREATE INDEX "items_swatch_teal_palettes_idx" ON "items" USING btree ("item_id","tags","photo_type","colours") WHERE published and palette_distance("items"."colours", '54.54550245717286'::float8, '-31.17846923193146'::float8, '-3.1592385726930017'::float8) <= 25;--> statement-breakpoint
CREATE INDEX "items_swatch_blue_palettes_idx" ON "items" USING btree ("item_id","tags","photo_type","colours") WHERE published and palette_distance("items"."colours", '43.26193814406866'::float8, '15.651111467341938'::float8, '-53.79786265372169'::float8) <= 25;--> statement-breakpoint
CREATE INDEX "items_swatch_purple_palettes_idx" ON "items" USING btree ("item_id","tags","photo_type","colours") WHERE published and palette_distance("items"."colours", '40.05764509319866'::float8, '42.95030049251525'::float8, '-54.07157558939433'::float8) <= 25;--> statement-breakpoint
CREATE INDEX "items_swatch_pink_palettes_idx" ON "items" USING btree ("item_id","tags","photo_type","colours") WHERE published and palette_distance("items"."colours", '63.76997013439501'::float8, '44.65414514003119'::float8, '-5.7094269326359415'::float8) <= 25;--> statement-breakpoint
CREATE INDEX "items_swatch_white_palettes_idx" ON "items" USING btree ("item_id","tags","photo_type","colours") WHERE published and palette_distance("items"."colours", '94.79624582959184'::float8, '0.005024514194540419'::float8, '-0.009941273890556879'::float8) <= 25;--> statement-breakpoint
CREATE INDEX "items_swatch_grey_palettes_idx" ON "items" USING btree ("item_id","tags","photo_type","colours") WHERE published and palette_distance("items"."colours", '53.19277745493915'::float8, '0.003137832783717265'::float8, '-0.006208372375593463'::float8) <= 25;--> statement-breakpoint
DROP INDEX "items_swatch_red_idx";--> statement-breakpoint
DROP INDEX "items_swatch_orange_idx";--> statement-breakpoint
DROP INDEX "items_swatch_yellow_idx";--> statement-breakpoint
DROP INDEX "items_swatch_green_idx";--> statement-breakpoint
DROP INDEX "items_swatch_teal_idx";--> statement-breakpoint
DROP INDEX "items_swatch_blue_idx";--> statement-breakpoint
DROP INDEX "items_swatch_purple_idx";--> statement-breakpoint
DROP INDEX "items_swatch_pink_idx";--> statement-breakpoint
DROP INDEX "items_swatch_white_idx";--> statement-breakpoint
DROP INDEX "items_swatch_grey_idx";