-- A tag's items of one photo type, one range of this index: the tag's key (migration 0028) held
-- the photo type beside it, so a list of one type walked the tag's postings until it had a page
-- of that type, all of them when the tag has none of it (a third of the catalogue for a theme).
CREATE INDEX "tag_postings_tag_type_idx" ON "tag_postings" USING btree ("tag","photo_type","item_id");--> statement-breakpoint
-- The key no longer needs the photo type: the index above holds it for every read of it.
ALTER TABLE "tag_postings" DROP CONSTRAINT "tag_postings_tag_item_id_pk";--> statement-breakpoint
ALTER TABLE "tag_postings" ADD CONSTRAINT "tag_postings_tag_item_id_pk" PRIMARY KEY("tag","item_id");
