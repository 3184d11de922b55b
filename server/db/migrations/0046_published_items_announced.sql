-- Each write of published items is announced on the published_items_changed channel (decision
-- 098): the colour index, which holds their palettes, tags, photo types and darkness in memory,
-- reads again the items named, or everything when a statement wrote too many to name within
-- NOTIFY's payload ('*').
CREATE OR REPLACE FUNCTION published_items_payload(item_ids text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN cardinality(item_ids) <= 300 THEN array_to_string(item_ids, ',') ELSE '*' END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_published_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('published_items_changed', published_items_payload(array_agg(item_id)))
    FROM written WHERE published HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_published_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('published_items_changed', published_items_payload(array_agg(item_id)))
    FROM written JOIN before USING (item_id) WHERE written.published OR before.published HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_published_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('published_items_changed', published_items_payload(array_agg(item_id)))
    FROM before WHERE published HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER items_published_inserted AFTER INSERT ON items
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION items_published_inserted();--> statement-breakpoint
CREATE TRIGGER items_published_updated AFTER UPDATE ON items
  REFERENCING OLD TABLE AS before NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION items_published_updated();--> statement-breakpoint
CREATE TRIGGER items_published_deleted AFTER DELETE ON items
  REFERENCING OLD TABLE AS before FOR EACH STATEMENT EXECUTE FUNCTION items_published_deleted();
