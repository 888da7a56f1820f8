CREATE TABLE "exposure_request_properties" (
	"request_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "exposure_request_properties_request_id_property_id_pk" PRIMARY KEY("request_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "exposure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"client_name" text NOT NULL,
	"client_phone" text NOT NULL,
	"terms" jsonb NOT NULL,
	"order_version" integer DEFAULT 1 NOT NULL,
	"language" text DEFAULT 'he' NOT NULL,
	"link_days" integer DEFAULT 14 NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"sends" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"verified_phone" text,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signed_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"content_sha256" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signed_name" text NOT NULL,
	"verified_phone" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "broker_licence_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_address" text;--> statement-breakpoint
ALTER TABLE "exposure_request_properties" ADD CONSTRAINT "exposure_request_properties_request_id_exposure_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."exposure_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure_request_properties" ADD CONSTRAINT "exposure_request_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure_requests" ADD CONSTRAINT "exposure_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_orders" ADD CONSTRAINT "signed_orders_request_id_exposure_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."exposure_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exposure_request_properties_property_idx" ON "exposure_request_properties" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exposure_requests_token_hash_key" ON "exposure_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "exposure_requests_owner_created_idx" ON "exposure_requests" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "signed_orders_request_version_key" ON "signed_orders" USING btree ("request_id","version");