CREATE TABLE "order_engagements" (
	"request_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"ends_on" date,
	CONSTRAINT "order_engagements_request_id_property_id_pk" PRIMARY KEY("request_id","property_id")
);
--> statement-breakpoint
ALTER TABLE "order_engagements" ADD CONSTRAINT "order_engagements_request_id_exposure_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."exposure_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_engagements" ADD CONSTRAINT "order_engagements_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_engagements_property_ends_idx" ON "order_engagements" USING btree ("property_id","ends_on");--> statement-breakpoint
-- Orders signed before versions could be amended: each signed request's one version engages its properties.
INSERT INTO "order_engagements" ("request_id", "property_id", "ends_on")
SELECT "p"."request_id", "p"."property_id",
  CASE WHEN jsonb_typeof("r"."terms" -> 'exclusivity') = 'object' THEN ("r"."terms" -> 'exclusivity' ->> 'endsOn')::date END
FROM "exposure_request_properties" AS "p"
JOIN "exposure_requests" AS "r" ON "r"."id" = "p"."request_id"
WHERE "r"."status" = 'signed';
