-- A share link's creation, revocation or expiry change moves its property's active publications, and
-- an open moves the counts the list shows: both move the owner's list revision, as writes to
-- properties and files do (0003), so pages kept on any server are stale at once.
CREATE TRIGGER "share_links_insert_bumps_list_revision" AFTER INSERT ON "share_links"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_property_list_revisions"();--> statement-breakpoint
CREATE TRIGGER "share_links_update_bumps_list_revision" AFTER UPDATE ON "share_links"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_property_list_revisions"();--> statement-breakpoint
CREATE TRIGGER "share_links_delete_bumps_list_revision" AFTER DELETE ON "share_links"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_property_list_revisions"();--> statement-breakpoint
-- Opens name their link, not its owner: the owner is found through the link.
CREATE FUNCTION "bump_property_list_revisions_of_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "property_list_revisions" AS r ("owner_id", "revision")
    SELECT DISTINCT l."owner_id", 1 FROM "changed_rows" c JOIN "share_links" l ON l."id" = c."link_id"
    ORDER BY l."owner_id"
    ON CONFLICT ("owner_id") DO UPDATE SET "revision" = r."revision" + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "share_link_opens_insert_bumps_list_revision" AFTER INSERT ON "share_link_opens"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_property_list_revisions_of_links"();--> statement-breakpoint
CREATE TRIGGER "share_link_opens_update_bumps_list_revision" AFTER UPDATE ON "share_link_opens"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_property_list_revisions_of_links"();
