-- A fleet owner's share link (issue 22): its holder may verify the
-- fleet's packs while the fleet is private, as design_shares does for
-- designs. One per fleet; a new one replaces it; deleting the fleet
-- deletes it.
CREATE TABLE fleet_shares (
	fleet_id   TEXT PRIMARY KEY,
	token      TEXT NOT NULL,
	created_at TEXT NOT NULL
);
