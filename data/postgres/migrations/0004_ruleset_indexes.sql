-- The library's game filter (issue 18), as the SQLite store's migration
-- 0008: each ruleset's public, live designs in the orders the library
-- sorts by most, as the tier indexes are for tier. A game with few
-- designs (Battleshift's samples beside a million of Metaverse's) is read
-- from its own entries instead of a walk of the whole library for them,
-- and a game with nearly all of them is walked in the sort order, never
-- sorted. rules_version comes last: the rulesVersion filter, given with a
-- ruleset, is an index condition, tested before the row is read.
CREATE INDEX designs_lib_ruleset_newest ON designs (ruleset, seq, rules_version) WHERE visibility = 'public' AND deleted_at IS NULL;
CREATE INDEX designs_lib_ruleset_cv ON designs (ruleset, cv, seq, rules_version) WHERE visibility = 'public' AND deleted_at IS NULL;
CREATE INDEX designs_lib_ruleset_points ON designs (ruleset, points, seq, rules_version) WHERE visibility = 'public' AND deleted_at IS NULL;
