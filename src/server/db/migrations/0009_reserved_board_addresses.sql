-- A board's address (its slug) is printed on lobby TVs and bookmarked, so it must never lead to
-- another operator's schedule. Deleting a screen used to free its slug for anyone: the next
-- operator to pick the same name took over every TV still pointed at it. An address now belongs
-- to the operator who first had it, for good: the row outlives the screen, and a screen can only
-- take an address of its own operator's (the composite foreign key). user_id is the one place
-- that says who owns an address.
CREATE TABLE "board_addresses" (
	"slug" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
-- What the screens' foreign key points at: the slug alone is already unique.
CREATE UNIQUE INDEX "board_addresses_slug_user_id_idx" ON "board_addresses" USING btree ("slug", "user_id");
--> statement-breakpoint
-- No screen may be written between the backfill and the foreign key.
LOCK TABLE "screens" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "board_addresses" ("slug", "user_id", "created_at")
SELECT "slug", "user_id", "created_at" FROM "screens";
--> statement-breakpoint
-- Any insert takes its address, whoever writes it (the screens API, the setup wizard, a script).
-- An address already taken is left as it is: the foreign key below then accepts the screen only
-- when the address is its own operator's. Concurrent first claims queue on the primary key.
CREATE FUNCTION screens_reserve_board_address() RETURNS trigger AS $$
BEGIN
  INSERT INTO board_addresses (slug, user_id) VALUES (NEW.slug, NEW.user_id) ON CONFLICT (slug) DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER screens_reserve_board_address BEFORE INSERT OR UPDATE OF "slug", "user_id" ON "screens"
  FOR EACH ROW EXECUTE FUNCTION screens_reserve_board_address();
--> statement-breakpoint
ALTER TABLE "screens" ADD CONSTRAINT "screens_board_address_fk" FOREIGN KEY ("slug", "user_id") REFERENCES "public"."board_addresses"("slug", "user_id") ON DELETE no action ON UPDATE no action;
