-- A renter waits on the waitlist only while they speak for the client (docs/product.md#renters):
-- removing a contact's access, or the account, takes their windows with it, so no offer of
-- released ice reaches someone who can no longer claim it.
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_renter_fk" FOREIGN KEY ("organisation_id","client_id","user_id") REFERENCES "public"."client_renters"("organisation_id","client_id","user_id") ON DELETE cascade ON UPDATE no action;
