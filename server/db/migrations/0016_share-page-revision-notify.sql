-- Every move of an owner's list revision (a write to their properties, files, links or opens: 0003,
-- 0005) is announced on the channel "property_list_revision" with the owner's id. A process that
-- keeps what it read for an owner (the share page's link checks) drops it on the announcement, which
-- arrives with the commit: on PGlite before the writing query returns, so the next request reads
-- afresh (docs/decisions.md, issue 22).
CREATE FUNCTION "notify_property_list_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('property_list_revision', NEW."owner_id"::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "property_list_revisions_notify" AFTER INSERT OR UPDATE ON "property_list_revisions"
  FOR EACH ROW EXECUTE FUNCTION "notify_property_list_revision"();
