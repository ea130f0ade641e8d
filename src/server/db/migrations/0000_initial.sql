CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(255),
	"phone" varchar(50),
	"secondary_phone" varchar(50),
	"company" varchar(100),
	"address" varchar(200),
	"city" varchar(100),
	"province_state" varchar(50),
	"postal_code" varchar(20),
	"country" varchar(50),
	"website" varchar(255),
	"notes" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_name_not_blank" CHECK (btrim("clients"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "contract_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"usage_date" date NOT NULL,
	"hours_logged" numeric(10, 2) NOT NULL,
	"description" varchar(500),
	"schedule_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_usage_hours_positive" CHECK ("contract_usage"."hours_logged" > 0)
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"client_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"total_hours" numeric(10, 2) NOT NULL,
	"hours_used" numeric(10, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"notes" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_total_hours_positive" CHECK ("contracts"."total_hours" > 0),
	CONSTRAINT "contracts_status_valid" CHECK ("contracts"."status" in ('active', 'expired', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(500),
	"address" varchar(200),
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facilities_name_not_blank" CHECK (btrim("facilities"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" text NOT NULL,
	"capacity" integer,
	"description" varchar(500),
	"operating_start_time" time DEFAULT '09:00' NOT NULL,
	"operating_end_time" time DEFAULT '22:00' NOT NULL,
	"booking_interval" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_name_not_blank" CHECK (btrim("rooms"."name") <> ''),
	CONSTRAINT "rooms_type_valid" CHECK ("rooms"."type" in ('room', 'rink', 'court', 'field', 'change_room')),
	CONSTRAINT "rooms_capacity_positive" CHECK ("rooms"."capacity" is null or "rooms"."capacity" >= 1),
	CONSTRAINT "rooms_operating_hours_ordered" CHECK ("rooms"."operating_end_time" > "rooms"."operating_start_time"),
	CONSTRAINT "rooms_booking_interval_valid" CHECK ("rooms"."booking_interval" in (15, 30, 60, 90, 120))
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"title" varchar(109) NOT NULL,
	"description" varchar(500),
	"start_time" timestamp (3) with time zone NOT NULL,
	"end_time" timestamp (3) with time zone NOT NULL,
	"color" varchar(7) DEFAULT '#3b82f6' NOT NULL,
	"event_type" text DEFAULT 'practice' NOT NULL,
	"team1_name" varchar(100),
	"team2_name" varchar(100),
	"change_room1_id" uuid,
	"change_room2_id" uuid,
	"client_id" uuid,
	"event_group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_title_not_blank" CHECK (btrim("schedules"."title") <> ''),
	CONSTRAINT "schedules_end_after_start" CHECK ("schedules"."end_time" > "schedules"."start_time"),
	CONSTRAINT "schedules_event_type_valid" CHECK ("schedules"."event_type" in ('practice', 'game')),
	CONSTRAINT "schedules_color_hex" CHECK ("schedules"."color" ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$')
);
--> statement-breakpoint
CREATE TABLE "screen_logos" (
	"screen_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screen_rooms" (
	"screen_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"color" varchar(7) DEFAULT '#3b82f6' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "screen_rooms_screen_id_room_id_pk" PRIMARY KEY("screen_id","room_id"),
	CONSTRAINT "screen_rooms_color_hex" CHECK ("screen_rooms"."color" ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$')
);
--> statement-breakpoint
CREATE TABLE "screens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" varchar(100) NOT NULL,
	"location" varchar(100),
	"size" varchar(50),
	"slug" text NOT NULL,
	"theme" text DEFAULT 'dark' NOT NULL,
	"logo_url" text,
	"show_ticker" boolean DEFAULT true NOT NULL,
	"ticker_text" varchar(500) DEFAULT 'Welcome to our facility! We are glad to have you here. Enjoy your visit!' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screens_slug_unique" UNIQUE("slug"),
	CONSTRAINT "screens_name_not_blank" CHECK (btrim("screens"."name") <> ''),
	CONSTRAINT "screens_theme_valid" CHECK ("screens"."theme" in ('dark', 'light')),
	CONSTRAINT "screens_slug_format" CHECK ("screens"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"impersonated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"approved" boolean DEFAULT false NOT NULL,
	"role" text,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_usage" ADD CONSTRAINT "contract_usage_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_usage" ADD CONSTRAINT "contract_usage_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_change_room1_id_rooms_id_fk" FOREIGN KEY ("change_room1_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_change_room2_id_rooms_id_fk" FOREIGN KEY ("change_room2_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_logos" ADD CONSTRAINT "screen_logos_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_rooms" ADD CONSTRAINT "screen_rooms_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_rooms" ADD CONSTRAINT "screen_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screens" ADD CONSTRAINT "screens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clients_user_id_name_idx" ON "clients" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "contract_usage_contract_id_idx" ON "contract_usage" USING btree ("contract_id","usage_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "contract_usage_schedule_id_idx" ON "contract_usage" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "contracts_client_id_status_idx" ON "contracts" USING btree ("client_id","status","start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contracts_user_id_idx" ON "contracts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "facilities_user_id_created_at_idx" ON "facilities" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rooms_facility_id_idx" ON "rooms" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "schedules_room_id_start_time_idx" ON "schedules" USING btree ("room_id","start_time");--> statement-breakpoint
CREATE INDEX "schedules_event_group_id_idx" ON "schedules" USING btree ("event_group_id");--> statement-breakpoint
CREATE INDEX "schedules_client_id_idx" ON "schedules" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "screen_rooms_room_id_idx" ON "screen_rooms" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "screens_user_id_created_at_idx" ON "screens" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_failures_subject_idx" ON "sign_in_failures" USING btree ("subject","failed_at");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");