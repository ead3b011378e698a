-- Registration attempts per client address and fixed window (账号申请, issue 11): the limit holds
-- across restarts and across the processes sharing one database. Old windows are swept as new ones come.
CREATE TABLE "register_attempts" (
	"address" varchar(64) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("address", "window_start")
);
--> statement-breakpoint
CREATE INDEX "register_attempts_window_idx" ON "register_attempts" USING btree ("window_start");
