ALTER TABLE "signed_orders" ADD COLUMN "drawing_png" text;--> statement-breakpoint
ALTER TABLE "signed_orders" ADD COLUMN "drawing_sha256" text;