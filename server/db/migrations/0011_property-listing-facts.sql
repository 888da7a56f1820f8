ALTER TABLE "properties" ADD COLUMN "deal_type" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "management_fee_per_sqm" numeric;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "arnona_per_sqm" numeric;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "entry_date" date;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "divisible" boolean;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "min_divisible_area" numeric;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "floor" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "parking_spaces" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "air_conditioning" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "clear_height" numeric;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "loading_docks" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "floor_load" numeric;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "electrical_capacity" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "tour_link" text;