CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_id" integer NOT NULL,
	"equipment_id" text NOT NULL,
	"plate" text,
	"description" text,
	"capacity_lbs" numeric(12, 2) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_carrier_equipment_uq" ON "vehicles" USING btree ("carrier_id",upper("equipment_id"));--> statement-breakpoint
CREATE INDEX "vehicles_carrier_idx" ON "vehicles" USING btree ("carrier_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "depots_supplier_city_address_uq" ON "depots" USING btree ("supplier_id",lower(trim("city")),lower(trim("address")));