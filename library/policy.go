package library

// The authorization policy: every read and write of a design asks one of
// these functions, and nothing else decides who sees what.

// Owned is what the policy judges: a *Design or a *Fleet, each with an
// owner and a visibility. The same rules hold for both.
type Owned interface {
	ownerID() int64
	visibilityOf() Visibility
}

func (d *Design) ownerID() int64           { return d.OwnerID }
func (d *Design) visibilityOf() Visibility { return d.Visibility }

// CanRead reports whether u (nil: anonymous) may read design or fleet d:
// its owner always, anyone when it is public or unlisted.
func CanRead(u *User, d Owned) bool {
	return owns(u, d) || d.visibilityOf() == Public || d.visibilityOf() == Unlisted
}

// CanEdit reports whether u may change or delete d: its owner only.
func CanEdit(u *User, d Owned) bool { return owns(u, d) }

// CanList reports whether d may be named to u in a list, another design's
// lineage or its forks: when it is public, or u owns it. Unlisted designs
// and fleets are reached by their id only.
func CanList(u *User, d Owned) bool { return owns(u, d) || d.visibilityOf() == Public }

// CanReadVersion reports whether u may read version v of d: the owner
// every version, others those saved while the design was not private.
func CanReadVersion(u *User, d *Design, v *Version) bool {
	if !CanRead(u, d) {
		return false
	}
	return owns(u, d) || v.Visibility != Private
}

func owns(u *User, d Owned) bool {
	return u != nil && d.ownerID() != 0 && u.ID == d.ownerID()
}

// canReadFleetVersion is CanReadVersion for a fleet's versions: the owner
// every version, others those saved while the fleet was not private.
func canReadFleetVersion(u *User, f *Fleet, v *FleetVersion) bool {
	return CanRead(u, f) && (owns(u, f) || v.Visibility != Private)
}

// parentListed reports whether d's parent may be named to u.
func parentListed(u *User, d *Design) bool {
	if d.ParentID == "" {
		return false
	}
	return d.ParentVisibility == Public || (u != nil && d.ParentOwnerID != 0 && d.ParentOwnerID == u.ID && d.ParentVisibility != "")
}
