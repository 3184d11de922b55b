CREATE TABLE "phone_links" (
	"code" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"download_link" text,
	"screen" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_links" ADD CONSTRAINT "phone_links_item_id_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("item_id") ON DELETE cascade ON UPDATE no action;