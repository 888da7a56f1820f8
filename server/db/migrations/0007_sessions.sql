CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Sign-ins made before sessions existed: one per refresh-token family, revoked when all of it is.
INSERT INTO "sessions" ("id", "user_id", "created_at", "expires_at", "revoked_at")
  SELECT "family_id", min("user_id"::text)::uuid, min("created_at"), max("expires_at"),
    CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END
  FROM "refresh_tokens" GROUP BY "family_id";
