DROP INDEX "properties_owner_listing_idx";--> statement-breakpoint
DROP INDEX "properties_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "property_files" ADD COLUMN "sha256" text NOT NULL;--> statement-breakpoint
CREATE INDEX "properties_owner_listing_idx" ON "properties" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "properties"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "properties_search_trgm_idx" ON "properties" USING gin ("address" gin_trgm_ops,"city" gin_trgm_ops) WITH (fastupdate=false);