CREATE TABLE "property_list_revisions" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- Owners with properties start at 1: an owner without a row reads as 0, an empty list.
INSERT INTO "property_list_revisions" ("owner_id") SELECT DISTINCT "owner_id" FROM "properties";--> statement-breakpoint
-- Every statement that changes properties or files moves each touched owner's revision, in its own
-- transaction: a list cached at an older revision is then stale on every server at once.
CREATE FUNCTION "bump_property_list_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "property_list_revisions" AS r ("owner_id", "revision")
    SELECT DISTINCT "owner_id", 1 FROM "changed_rows" ORDER BY "owner_id"
    ON CONFLICT ("owner_id") DO UPDATE SET "revision" = r."revision" + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "properties_insert_bumps_list_revision" AFTER INSERT ON "properties"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_property_list_revisions"();--> statement-breakpoint
CREATE TRIGGER "properties_update_bumps_list_revision" AFTER UPDATE ON "properties"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_property_list_revisions"();--> statement-breakpoint
CREATE TRIGGER "properties_delete_bumps_list_revision" AFTER DELETE ON "properties"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_property_list_revisions"();--> statement-breakpoint
CREATE TRIGGER "property_files_insert_bumps_list_revision" AFTER INSERT ON "property_files"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_property_list_revisions"();--> statement-breakpoint
CREATE TRIGGER "property_files_update_bumps_list_revision" AFTER UPDATE ON "property_files"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_property_list_revisions"();--> statement-breakpoint
CREATE TRIGGER "property_files_delete_bumps_list_revision" AFTER DELETE ON "property_files"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_property_list_revisions"();--> statement-breakpoint
-- TRUNCATE has no transition table: it moves every known owner (new owners start at 1 anyway).
CREATE FUNCTION "bump_all_property_list_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "property_list_revisions" SET "revision" = "revision" + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "properties_truncate_bumps_list_revisions" AFTER TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_property_list_revisions"();--> statement-breakpoint
CREATE TRIGGER "property_files_truncate_bumps_list_revisions" AFTER TRUNCATE ON "property_files"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_property_list_revisions"();
