CREATE TABLE "item_downloads_daily" (
	"item_id" text NOT NULL,
	"day" date NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_downloads_daily_item_id_day_pk" PRIMARY KEY("item_id","day")
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_downloads_daily" ADD CONSTRAINT "item_downloads_daily_item_id_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_downloads_daily_day_idx" ON "item_downloads_daily" USING btree ("day");