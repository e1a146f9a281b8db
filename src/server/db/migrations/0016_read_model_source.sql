CREATE TABLE "read_model_source" (
	"id" integer PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL
);
