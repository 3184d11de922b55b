CREATE TABLE "web_vitals" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	"rating" text NOT NULL,
	"path" text NOT NULL,
	"navigation_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "web_vitals_name_created_idx" ON "web_vitals" USING btree ("name","created_at");