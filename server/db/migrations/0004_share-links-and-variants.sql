CREATE TABLE "property_file_variants" (
	"file_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_file_variants_file_id_width_format_pk" PRIMARY KEY("file_id","width","format")
);
--> statement-breakpoint
CREATE TABLE "share_link_opens" (
	"link_id" uuid NOT NULL,
	"day" text NOT NULL,
	"device_hash" text NOT NULL,
	"opens" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_link_opens_link_id_day_device_hash_pk" PRIMARY KEY("link_id","day","device_hash")
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"label" text,
	"expires_at" timestamp with time zone,
	"show_exact_address" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'he' NOT NULL,
	"document_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "property_file_variants" ADD CONSTRAINT "property_file_variants_file_id_property_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."property_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_opens" ADD CONSTRAINT "share_link_opens_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "property_file_variants_storage_key_key" ON "property_file_variants" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_key" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_property_created_idx" ON "share_links" USING btree ("property_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "share_links_live_property_idx" ON "share_links" USING btree ("property_id","expires_at") WHERE "share_links"."revoked_at" IS NULL;