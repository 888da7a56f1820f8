CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"accepted_terms" boolean DEFAULT false NOT NULL,
	"company_name" text,
	"position" text,
	"company_type" text,
	"registration_step" integer DEFAULT 1 NOT NULL,
	"otp_verified_at" timestamp with time zone,
	"registered_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_registration_step_check" CHECK ("leads"."registration_step" in (0, 1, 2, 4, 8))
);
--> statement-breakpoint
CREATE TABLE "otp_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"process" text NOT NULL,
	"lead_id" uuid,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"wizard_step" integer DEFAULT 1 NOT NULL,
	"property_kind" text,
	"usage_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"usage_categories_other" text,
	"city" text,
	"address" text,
	"property_category" text,
	"building_class" text,
	"total_area" numeric,
	"marketing_area" numeric,
	"asking_rent_per_sqm" numeric,
	"sale_price" numeric,
	"floors_in_building" integer,
	"accessible_for_disabled" boolean,
	"has_parking" boolean,
	"parking_monthly_cost" numeric,
	"bicycle_parking" boolean,
	"truck_access" text[] DEFAULT '{}'::text[] NOT NULL,
	"lobby_type" text,
	"security_measures" text[] DEFAULT '{}'::text[] NOT NULL,
	"passenger_elevator" boolean,
	"freight_elevator" boolean,
	"nearby_parking" text[] DEFAULT '{}'::text[] NOT NULL,
	"public_transport" text[] DEFAULT '{}'::text[] NOT NULL,
	"main_traffic_routes" text[] DEFAULT '{}'::text[] NOT NULL,
	"ports_airports_proximity" text[] DEFAULT '{}'::text[] NOT NULL,
	"onsite_amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"active_publications" integer DEFAULT 0 NOT NULL,
	"has_engagements" boolean DEFAULT false NOT NULL,
	"data_completion" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "properties_status_check" CHECK ("properties"."status" in ('draft', 'published')),
	CONSTRAINT "properties_wizard_step_check" CHECK ("properties"."wizard_step" between 1 and 6),
	CONSTRAINT "properties_data_completion_check" CHECK ("properties"."data_completion" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "property_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"group_key" text NOT NULL,
	"category" text NOT NULL,
	"file_type" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"replaced_by" uuid
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone_number" text NOT NULL,
	"message" text NOT NULL,
	"code" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"position" text,
	"company_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_registered_user_id_users_id_fk" FOREIGN KEY ("registered_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_sessions" ADD CONSTRAINT "otp_sessions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_files" ADD CONSTRAINT "property_files_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_files" ADD CONSTRAINT "property_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_phone_number_idx" ON "leads" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "otp_sessions_phone_created_idx" ON "otp_sessions" USING btree ("phone_number","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "otp_sessions_ip_created_idx" ON "otp_sessions" USING btree ("ip","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "properties_owner_listing_idx" ON "properties" USING btree ("owner_id","deleted_at","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "properties_search_trgm_idx" ON "properties" USING gin ("address" gin_trgm_ops,"city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "property_files_property_group_idx" ON "property_files" USING btree ("property_id","group_key","position");--> statement-breakpoint
CREATE UNIQUE INDEX "property_files_storage_key_key" ON "property_files" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_sent_idx" ON "sms_outbox" USING btree ("phone_number","sent_at" DESC NULLS FIRST,"seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_number_key" ON "users" USING btree ("phone_number");