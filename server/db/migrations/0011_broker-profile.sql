ALTER TABLE "users" ADD COLUMN "broker_licence_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_address" text;