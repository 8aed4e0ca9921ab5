package library

// The authorization policy: every read and write of a design asks one of
// these functions, and nothing else decides who sees what.

// CanRead reports whether u (nil: anonymous) may read design d: its owner
// always, anyone when it is public or unlisted.
func CanRead(u *User, d *Design) bool {
	return owns(u, d) || d.Visibility == Public || d.Visibility == Unlisted
}

// CanEdit reports whether u may change or delete d: its owner only.
func CanEdit(u *User, d *Design) bool { return owns(u, d) }

// CanList reports whether d may be named to u in a list, another design's
// lineage or its forks: when it is public, or u owns it. Unlisted designs
// are reached by their id only.
func CanList(u *User, d *Design) bool { return owns(u, d) || d.Visibility == Public }

// CanReadVersion reports whether u may read version v of d: the owner
// every version, others those saved while the design was not private.
func CanReadVersion(u *User, d *Design, v *Version) bool {
	if !CanRead(u, d) {
		return false
	}
	return owns(u, d) || v.Visibility != Private
}

func owns(u *User, d *Design) bool { return u != nil && d.OwnerID != 0 && u.ID == d.OwnerID }

// parentListed reports whether d's parent may be named to u.
func parentListed(u *User, d *Design) bool {
	if d.ParentID == "" {
		return false
	}
	return d.ParentVisibility == Public || (u != nil && d.ParentOwnerID != 0 && d.ParentOwnerID == u.ID && d.ParentVisibility != "")
}
