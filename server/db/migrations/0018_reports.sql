CREATE TABLE "item_sales_daily" (
	"item_id" text NOT NULL,
	"day" date NOT NULL,
	"sold" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "item_sales_daily_item_id_day_pk" PRIMARY KEY("item_id","day")
);
--> statement-breakpoint
CREATE TABLE "item_views_daily" (
	"item_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_views_daily_item_id_day_pk" PRIMARY KEY("item_id","day")
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"items_sold" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vitals_daily" (
	"day" date NOT NULL,
	"page" text NOT NULL,
	"name" text NOT NULL,
	"bucket" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "vitals_daily_day_page_name_bucket_pk" PRIMARY KEY("day","page","name","bucket")
);
--> statement-breakpoint
ALTER TABLE "item_downloads_daily" ADD COLUMN "app_downloads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_views_daily" ADD CONSTRAINT "item_views_daily_item_id_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_sales_daily_day_idx" ON "item_sales_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "item_views_daily_day_idx" ON "item_views_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "order_lines_refunded_idx" ON "order_lines" USING btree ("refunded_at") WHERE refunded_at is not null;--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE paid_at is not null;