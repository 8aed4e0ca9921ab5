-- The library's game filter (issue 18): each ruleset's public, live
-- designs in the orders the library sorts by most, as migration 0002's
-- indexes are for tier. A game with few designs (Battleshift's samples
-- beside a million of Metaverse's) is read from its own entries instead
-- of a walk of the whole library for them, and a game with nearly all of
-- them is walked in the sort order and never sorted, whatever the
-- planner's statistics say. rules_version comes last: the rulesVersion
-- filter, given with a ruleset, is tested on the index entry before the
-- row is read. Sorts by name and forks with a game filter read the game's
-- designs from designs_lib_ruleset_newest and sort them when the game has
-- few, else walk their own sort order's index (data/sqlite/library.go).
CREATE INDEX designs_lib_ruleset_newest ON designs(ruleset, seq, rules_version) WHERE visibility = 'public' AND deleted_at IS NULL;
CREATE INDEX designs_lib_ruleset_cv ON designs(ruleset, cv, seq, rules_version) WHERE visibility = 'public' AND deleted_at IS NULL;
CREATE INDEX designs_lib_ruleset_points ON designs(ruleset, points, seq, rules_version) WHERE visibility = 'public' AND deleted_at IS NULL;
