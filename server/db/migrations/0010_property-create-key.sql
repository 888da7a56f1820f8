ALTER TABLE "properties" ADD COLUMN "create_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "properties_owner_create_key_key" ON "properties" USING btree ("owner_id","create_key");