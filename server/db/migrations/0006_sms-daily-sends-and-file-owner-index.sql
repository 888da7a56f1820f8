CREATE TABLE "sms_daily_sends" (
	"day" date PRIMARY KEY NOT NULL,
	"sent" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "property_files_owner_idx" ON "property_files" USING btree ("owner_id");