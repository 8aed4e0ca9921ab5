package designer

// Options adjust validation.
type Options struct {
	// TierLimit, when 1-3, rejects designs above that tier (R-TIER-01).
	TierLimit int
}

// Validate checks a decoded design against every construction rule of
// rules §3-6 and returns all problems at once, in a deterministic order
// (document order, sections in SectionOrder). It never panics on a
// structurally decoded design, however odd its values.
func (c *Catalogue) Validate(d *Design, opt Options) Problems {
	v := &validator{c: c, d: d, opt: opt}
	v.run()
	return v.out
}

type validator struct {
	c   *Catalogue
	d   *Design
	opt Options
	out Problems
}
