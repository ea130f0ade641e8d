-- A board address now belongs to an organisation.
CREATE OR REPLACE FUNCTION screens_reserve_board_address() RETURNS trigger AS $$
BEGIN
  INSERT INTO board_addresses (slug, organisation_id) VALUES (NEW.slug, NEW.organisation_id) ON CONFLICT (slug) DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS screens_reserve_board_address ON "screens";
CREATE TRIGGER screens_reserve_board_address BEFORE INSERT OR UPDATE OF "slug", "organisation_id" ON "screens"
  FOR EACH ROW EXECUTE FUNCTION screens_reserve_board_address();
