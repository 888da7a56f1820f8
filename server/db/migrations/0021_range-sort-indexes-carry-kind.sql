DROP INDEX "properties_owner_sort_total_area_idx";--> statement-breakpoint
DROP INDEX "properties_owner_sort_rent_idx";--> statement-breakpoint
DROP INDEX "properties_owner_sort_sale_price_idx";--> statement-breakpoint
CREATE INDEX "properties_owner_sort_total_area_idx" ON "properties" USING btree ("owner_id","total_area","id","property_kind") WHERE "properties"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "properties_owner_sort_rent_idx" ON "properties" USING btree ("owner_id","asking_rent_per_sqm","id","property_kind") WHERE "properties"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "properties_owner_sort_sale_price_idx" ON "properties" USING btree ("owner_id","sale_price","id","property_kind") WHERE "properties"."deleted_at" IS NULL;