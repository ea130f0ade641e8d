-- Billing (docs/product.md#billing, ADR 0061, 0062): prices, invoices and payments. Money is an
-- integer count of the currency's minor units (bigint), never a float (ADR 0060). Like every
-- tenant table, keys and foreign keys lead with organisation_id. The rules that keep the books
-- straight (an issued invoice never changes, a payment never allocates more than it has) are
-- triggers in src/server/modules/billing/sql/.

-- The organisation's currency (ISO 4217) and payment terms, in days after the issue date.
ALTER TABLE "organisations" ADD COLUMN "currency" text DEFAULT 'CAD' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "payment_terms_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_currency_valid" CHECK ("currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_payment_terms_valid" CHECK ("payment_terms_days" >= 0 and "payment_terms_days" <= 365);--> statement-breakpoint

-- 'Prime time' of each facility: weekday and weekend hours (an end of 00:00 is the midnight that
-- ends the day). Rates and the reports split a booking into prime and non-prime minutes by it.
ALTER TABLE "facilities" ADD COLUMN "prime_weekday_start" time DEFAULT '16:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "prime_weekday_end" time DEFAULT '22:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "prime_weekend_start" time DEFAULT '07:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "prime_weekend_end" time DEFAULT '22:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_prime_weekday_ordered" CHECK ("prime_weekday_end" > "prime_weekday_start" or "prime_weekday_end" = '00:00');--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_prime_weekend_ordered" CHECK ("prime_weekend_end" > "prime_weekend_start" or "prime_weekend_end" = '00:00');--> statement-breakpoint

-- A prepaid contract: a block of hours bought for a price, invoiced once; its bookings bill at 0.
ALTER TABLE "contracts" ADD COLUMN "prepaid_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_prepaid_price_valid" CHECK ("prepaid_price_minor" is null or ("prepaid_price_minor" >= 0 and "prepaid_price_minor" <= 100000000000));--> statement-breakpoint

-- The organisation's taxes, applied to every invoice in order ('HST 13 %', or 'GST 5 %' and 'PST 7 %').
-- The rate is in thousandths of a percent: 13 % is 13000, 9.975 % is 9975.
CREATE TABLE "organisation_taxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"rate_thousandths" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_taxes_name_not_blank" CHECK (btrim("name") <> ''),
	CONSTRAINT "organisation_taxes_rate_valid" CHECK ("rate_thousandths" >= 0 and "rate_thousandths" <= 100000),
	CONSTRAINT "organisation_taxes_position_valid" CHECK ("position" >= 0 and "position" < 3)
);--> statement-breakpoint
ALTER TABLE "organisation_taxes" ADD CONSTRAINT "organisation_taxes_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_taxes_position_idx" ON "organisation_taxes" USING btree ("organisation_id","position");--> statement-breakpoint

-- Hourly rates, kept as a history: setting a rate adds a row from now on, so an invoice prices a
-- booking at the rate in force when it was booked (ADR 0061). A row without a client is the
-- space's rate; with one, that client's own rate for the space, which overrides it. A row with
-- no rates ends a client's own rate (or a space's) from its time on.
CREATE TABLE "space_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"client_id" uuid,
	"prime_rate_minor" bigint,
	"non_prime_rate_minor" bigint,
	"effective_from" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_rates_both_or_neither" CHECK (("prime_rate_minor" is null) = ("non_prime_rate_minor" is null)),
	CONSTRAINT "space_rates_valid" CHECK ("prime_rate_minor" is null or ("prime_rate_minor" >= 0 and "prime_rate_minor" <= 100000000 and "non_prime_rate_minor" >= 0 and "non_prime_rate_minor" <= 100000000))
);--> statement-breakpoint
ALTER TABLE "space_rates" ADD CONSTRAINT "space_rates_room_fk" FOREIGN KEY ("organisation_id","room_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_rates" ADD CONSTRAINT "space_rates_client_fk" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."clients"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The rate of a space (and a client) at an instant: the latest row from before it.
CREATE INDEX "space_rates_lookup_idx" ON "space_rates" USING btree ("organisation_id","room_id","client_id","effective_from" DESC);--> statement-breakpoint
CREATE INDEX "space_rates_client_idx" ON "space_rates" USING btree ("organisation_id","client_id") WHERE "client_id" is not null;--> statement-breakpoint

-- The last number given to each kind of document in each year: issuing takes the row's lock and
-- its next number in the issuing transaction, so numbers have no gaps (ADR 0061).
CREATE TABLE "invoice_numbers" (
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_numbers_pk" PRIMARY KEY ("organisation_id","kind","year"),
	CONSTRAINT "invoice_numbers_kind_valid" CHECK ("kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoice_numbers_year_valid" CHECK ("year" >= 2000 and "year" <= 9999),
	CONSTRAINT "invoice_numbers_last_valid" CHECK ("last_number" >= 1)
);--> statement-breakpoint
ALTER TABLE "invoice_numbers" ADD CONSTRAINT "invoice_numbers_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- Invoices and credit notes. A draft may change; an issued one never does (the trigger
-- invoices_final). A void invoice is one that a credit note names in voids_invoice_id: voiding
-- issues that credit note and leaves the invoice itself untouched.
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"number" text,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"time_zone" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"issued_on" date,
	"due_on" date,
	"issued_at" timestamp (3) with time zone,
	"bill_to" jsonb,
	"voids_invoice_id" uuid,
	"reason" varchar(200),
	"notes" varchar(500),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_valid" CHECK ("kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_status_valid" CHECK ("status" in ('draft', 'issued')),
	CONSTRAINT "invoices_currency_valid" CHECK ("currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "invoices_period_ordered" CHECK ("period_end" >= "period_start"),
	CONSTRAINT "invoices_total_adds_up" CHECK ("total_minor" = "subtotal_minor" + "tax_minor"),
	CONSTRAINT "invoices_issued_complete" CHECK (("status" = 'issued') = ("number" is not null and "issued_on" is not null and "due_on" is not null and "issued_at" is not null and "bill_to" is not null)),
	CONSTRAINT "invoices_due_after_issue" CHECK ("due_on" >= "issued_on"),
	CONSTRAINT "invoices_credit_note_names_invoice" CHECK (("kind" = 'credit_note') = ("voids_invoice_id" is not null)),
	CONSTRAINT "invoices_credit_note_not_positive" CHECK ("kind" = 'invoice' or "total_minor" <= 0)
);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- no action: a client with invoices is never deleted (its books would lose their owner).
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_fk" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."clients"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_organisation_id_id_idx" ON "invoices" USING btree ("organisation_id","id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voids_fk" FOREIGN KEY ("organisation_id","voids_invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("organisation_id","number") WHERE "number" is not null;--> statement-breakpoint
-- An invoice is voided once.
CREATE UNIQUE INDEX "invoices_voids_idx" ON "invoices" USING btree ("organisation_id","voids_invoice_id") WHERE "voids_invoice_id" is not null;--> statement-breakpoint
-- One draft invoice per client at a time: 'Create Invoices' adds to it, so running it twice, or
-- twice at once, never bills a booking twice.
CREATE UNIQUE INDEX "invoices_one_draft_per_client_idx" ON "invoices" USING btree ("organisation_id","client_id") WHERE "status" = 'draft' and "kind" = 'invoice';--> statement-breakpoint
-- A client's invoices newest first (the client page), and the list by status and date.
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("organisation_id","client_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("organisation_id","status","issued_on" DESC);--> statement-breakpoint

-- An invoice's lines. A booking line keeps what was billed (space, times, minutes, rates), so a
-- booking changed or cancelled after its invoice was issued can be carried to the next invoice
-- as an adjustment; schedule_id has no foreign key, since the booking may go.
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" varchar(300) NOT NULL,
	"schedule_id" uuid,
	"room_id" uuid,
	"room_name" varchar(100),
	"time_zone" text,
	"start_time" timestamp (3) with time zone,
	"end_time" timestamp (3) with time zone,
	"prime_minutes" integer,
	"non_prime_minutes" integer,
	"prime_rate_minor" bigint,
	"non_prime_rate_minor" bigint,
	"minutes_delta" integer,
	"contract_id" uuid,
	"contract_name" varchar(100),
	"amount_minor" bigint NOT NULL,
	"removed_reason" varchar(200),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_lines_kind_valid" CHECK ("kind" in ('booking', 'adjustment', 'prepaid', 'custom', 'discount')),
	CONSTRAINT "invoice_lines_description_not_blank" CHECK (btrim("description") <> ''),
	CONSTRAINT "invoice_lines_booking_named" CHECK ("kind" not in ('booking', 'adjustment') or "schedule_id" is not null),
	CONSTRAINT "invoice_lines_prepaid_named" CHECK ("kind" <> 'prepaid' or "contract_id" is not null),
	CONSTRAINT "invoice_lines_removed_is_zero" CHECK ("removed_reason" is null or ("kind" = 'booking' and "amount_minor" = 0)),
	CONSTRAINT "invoice_lines_minutes_valid" CHECK (("prime_minutes" is null or "prime_minutes" >= 0) and ("non_prime_minutes" is null or "non_prime_minutes" >= 0)),
	CONSTRAINT "invoice_lines_amount_valid" CHECK ("amount_minor" >= -100000000000 and "amount_minor" <= 100000000000)
);--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("organisation_id","invoice_id","position");--> statement-breakpoint
-- What has been billed of a booking, and of a prepaid contract.
CREATE INDEX "invoice_lines_schedule_idx" ON "invoice_lines" USING btree ("organisation_id","schedule_id") WHERE "schedule_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_lines_contract_idx" ON "invoice_lines" USING btree ("organisation_id","contract_id") WHERE "kind" = 'prepaid';--> statement-breakpoint

-- The taxes of an invoice, frozen with it: each tax's name, rate and amount on the subtotal (ADR 0060).
CREATE TABLE "invoice_taxes" (
	"organisation_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"rate_thousandths" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "invoice_taxes_pk" PRIMARY KEY ("organisation_id","invoice_id","position"),
	CONSTRAINT "invoice_taxes_rate_valid" CHECK ("rate_thousandths" >= 0 and "rate_thousandths" <= 100000)
);--> statement-breakpoint
ALTER TABLE "invoice_taxes" ADD CONSTRAINT "invoice_taxes_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- Payments received from a client, through a provider (ADR 0062; 'manual' is cash, cheque,
-- e-transfer or a card on the venue's own terminal). What a payment settles is in
-- payment_allocations; what is left of it is the client's credit.
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"received_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" varchar(100),
	"provider" text DEFAULT 'manual' NOT NULL,
	"provider_reference" text,
	"status" text DEFAULT 'captured' NOT NULL,
	"recorded_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_valid" CHECK ("amount_minor" > 0 and "amount_minor" <= 100000000000),
	CONSTRAINT "payments_currency_valid" CHECK ("currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payments_method_valid" CHECK ("method" in ('cash', 'cheque', 'e_transfer', 'card', 'other')),
	CONSTRAINT "payments_status_valid" CHECK ("status" in ('pending', 'captured', 'failed', 'refunded'))
);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_fk" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."clients"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_organisation_id_id_idx" ON "payments" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "payments_client_idx" ON "payments" USING btree ("organisation_id","client_id","received_on" DESC);--> statement-breakpoint

-- Which invoices each payment settles, and by how much; a payment may settle several invoices and
-- an invoice take several payments. The trigger payment_allocations_within keeps each payment's
-- allocations within its amount and each invoice's within its total.
CREATE TABLE "payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_amount_valid" CHECK ("amount_minor" > 0)
);--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_fk" FOREIGN KEY ("organisation_id","payment_id") REFERENCES "public"."payments"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- cascade: only the organisation's deletion deletes an issued invoice (invoices_final), a draft
-- takes no allocation, and payment_allocations_final refuses any other deletion. A no action key
-- would be checked while the organisation's payments still hold their allocations, and refuse it.
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("organisation_id","payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("organisation_id","invoice_id");--> statement-breakpoint

-- A file sent with a message (an issued invoice's PDF), kept with it so a retry sends the same bytes.
CREATE TABLE "outbox_attachments" (
	"message_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" varchar(200) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"content" bytea NOT NULL,
	CONSTRAINT "outbox_attachments_pk" PRIMARY KEY ("message_id","position")
);--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_message_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_valid";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_valid" CHECK ("kind" in ('account_approved', 'password_reset', 'team_invitation', 'booking_confirmed', 'booking_changed', 'booking_cancelled', 'selloff', 'invoice_issued', 'credit_note_issued'));--> statement-breakpoint

-- Issuing, voiding and recording a payment go in the activity trail.
ALTER DOMAIN "activity_action" DROP CONSTRAINT "activity_action_valid";--> statement-breakpoint
ALTER DOMAIN "activity_action" ADD CONSTRAINT "activity_action_valid" CHECK (VALUE IN ('created', 'updated', 'deleted', 'sent', 'issued', 'voided'));--> statement-breakpoint
ALTER DOMAIN "activity_entity" DROP CONSTRAINT "activity_entity_valid";--> statement-breakpoint
ALTER DOMAIN "activity_entity" ADD CONSTRAINT "activity_entity_valid" CHECK (VALUE IN ('event', 'facility', 'space', 'client', 'contract', 'usage', 'screen', 'member', 'invitation', 'organisation', 'closure', 'mail', 'invoice', 'payment', 'rate'));
