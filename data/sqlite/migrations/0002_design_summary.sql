-- Copy the rest of the latest version's evaluation onto designs, so that
-- lists and library pages never read the versions table, whose rows hold
-- large documents ahead of their numbers.
ALTER TABLE designs ADD COLUMN ems REAL NOT NULL DEFAULT 0;
ALTER TABLE designs ADD COLUMN target_rating REAL NOT NULL DEFAULT 0;
ALTER TABLE designs ADD COLUMN mass_factor REAL NOT NULL DEFAULT 0;
ALTER TABLE designs ADD COLUMN model_version TEXT NOT NULL DEFAULT '';

UPDATE designs SET
	ems = (SELECT v.ems FROM versions v WHERE v.design_seq = designs.seq AND v.n = designs.version),
	target_rating = (SELECT v.target_rating FROM versions v WHERE v.design_seq = designs.seq AND v.n = designs.version),
	mass_factor = (SELECT v.mass_factor FROM versions v WHERE v.design_seq = designs.seq AND v.n = designs.version),
	model_version = (SELECT v.model_version FROM versions v WHERE v.design_seq = designs.seq AND v.n = designs.version);

-- Tier is the filter players use most (tournaments cap it): give it
-- indexes in the orders the library sorts by.
CREATE INDEX designs_lib_tier_newest ON designs(tier, seq) WHERE visibility = 'public' AND deleted_at IS NULL;
CREATE INDEX designs_lib_tier_cv ON designs(tier, cv, seq) WHERE visibility = 'public' AND deleted_at IS NULL;
CREATE INDEX designs_lib_tier_points ON designs(tier, points, seq) WHERE visibility = 'public' AND deleted_at IS NULL;
