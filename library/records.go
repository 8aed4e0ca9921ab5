package library

import (
	"context"
	"errors"
	"fmt"
)

// Designs and fleets are versioned records under the same rules
// (library.go, fleets.go): who may read and who may change one, which of
// its versions others may read, If-Match preconditions, the write rate
// limit and the quotas. The steps they share are written once here, for
// any record kind; designs.go and fleets.go add what differs.

// recordKind is what differs between designs and fleets in the steps they
// share: the words of the refusals and where the quotas are counted.
type recordKind struct {
	// noun names one record: "design" or "fleet".
	noun string
	// plural names several: "designs" or "fleets".
	plural string
	// bytesOf follows "MiB" in the byte quota's refusal: "" for designs,
	// which the quota is first of all about, " of fleets" for fleets.
	bytesOf string
	// usage sums what a user's live records of the kind hold.
	usage func(s *Service, ctx context.Context, userID int64) (Usage, error)
}

var (
	designKind = recordKind{noun: "design", plural: "designs",
		usage: func(s *Service, ctx context.Context, id int64) (Usage, error) { return s.store.Usage(ctx, id) }}
	fleetKind = recordKind{noun: "fleet", plural: "fleets", bytesOf: " of fleets",
		usage: func(s *Service, ctx context.Context, id int64) (Usage, error) { return s.store.FleetUsage(ctx, id) }}
)

// record is what the shared steps handle: a *Design or a *Fleet, with
// an owner, a visibility, an id and the number of its latest version.
type record interface {
	Owned
	head() (id string, version int)
}

func (d *Design) head() (string, int) { return d.ID, d.Version }
func (f *Fleet) head() (string, int)  { return f.ID, f.Version }

// notFound is the refusal of a record that does not exist or that the
// caller may not read.
func (k recordKind) notFound(err error) *Error {
	return &Error{Code: ENotFound, Message: "no such " + k.noun, Err: err}
}

// staleError is the refusal of a write to a record that has moved on.
func (k recordKind) staleError() *Error {
	return &Error{Code: EStale, Err: ErrStale,
		Message: "the " + k.noun + " has changed since the version you read; read it again and retry"}
}

// stale words err for the kind when it is a stale-version refusal (from
// Precondition.base or a Store's ErrStale) and returns any other err as
// it is.
func (k recordKind) stale(err error) error {
	var le *Error
	if errors.As(err, &le) && le.Code == EStale || errors.Is(err, ErrStale) {
		return k.staleError()
	}
	return err
}

// readRecord reads record id with get and returns it if u may read it,
// else ENotFound. An id no record can have (checkID) is EInvalid, and no
// store looks it up.
func readRecord[R record](ctx context.Context, u *User, k recordKind, id string, get func(context.Context, string) (R, error)) (R, error) {
	var none R
	if err := checkID("id", id); err != nil {
		return none, err
	}
	r, err := get(ctx, id)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return none, k.notFound(err)
		}
		return none, err
	}
	if !CanRead(u, r) {
		return none, k.notFound(ErrNotFound)
	}
	return r, nil
}

// ownedRecord reads record id with read (which refuses what u may not
// read) and returns it if u may change it: EUnauthorized for anonymous
// callers, ENotFound when u cannot see it, EForbidden when u can but does
// not own it.
func ownedRecord[R record](ctx context.Context, u *User, k recordKind, id string, read func(context.Context, *User, string) (R, error)) (R, error) {
	var none R
	if u == nil {
		return none, mustSignIn()
	}
	r, err := read(ctx, u, id)
	if err != nil {
		return none, err
	}
	if !CanEdit(u, r) {
		return none, errorf(EForbidden, "only the owner may change this %s; fork it instead", k.noun)
	}
	return r, nil
}

// recordVersion returns version n of record id whose latest version is
// number latestN, held in latest: that one for n 0 or latestN, else the
// one get reads if canRead allows it, else ENotFound. A negative n is
// EInvalid.
func recordVersion[V any](ctx context.Context, k recordKind, id string, n, latestN int, latest *V,
	get func(context.Context, string, int) (*V, error), canRead func(*V) bool) (*V, error) {
	if n == 0 || n == latestN {
		v := *latest
		return &v, nil
	}
	if n < 0 {
		return nil, &Error{Code: EInvalid, Field: "version", Message: fmt.Sprintf("is %d; give a positive whole number", n)}
	}
	v, err := get(ctx, id, n)
	if err == nil && !canRead(v) {
		err = ErrNotFound
	}
	if errors.Is(err, ErrNotFound) {
		return nil, &Error{Code: ENotFound, Message: fmt.Sprintf("%s %s has no version %d", k.noun, id, n), Err: err}
	}
	if err != nil {
		return nil, err
	}
	return v, nil
}

// readableVersions reads record id with read (which refuses what u may
// not read) and lists its versions with list, keeping those canRead lets
// u read, oldest first.
func readableVersions[R record, V any](ctx context.Context, u *User, id string, read func(context.Context, *User, string) (R, error),
	list func(context.Context, string) ([]V, error), canRead func(*User, R, *V) bool) (R, []V, error) {
	var none R
	r, err := read(ctx, u, id)
	if err != nil {
		return none, nil, err
	}
	rid, _ := r.head()
	vs, err := list(ctx, rid)
	if err != nil {
		return none, nil, err
	}
	out := vs[:0]
	for i := range vs {
		if canRead(u, r, &vs[i]) {
			out = append(out, vs[i])
		}
	}
	return r, out, nil
}

// checkWriteOf applies the write rate limit and the account quotas of
// kind k to u adding records new records and versions new versions of
// bytes bytes. The system user is bound by neither.
func (s *Service) checkWriteOf(ctx context.Context, u *User, k recordKind, records, versions int, bytes int64) error {
	if u.Name == SystemUser {
		return nil
	}
	if ok, wait := s.writes.allow("write:" + itoa(int(u.ID))); !ok {
		return rateLimited(fmt.Sprintf("an account may save at most %d times a minute", s.limits.WritesPerMinute), wait)
	}
	if records == 0 && versions == 0 {
		return nil
	}
	use, err := k.usage(s, ctx, u.ID)
	if err != nil {
		return err
	}
	l := s.limits
	switch {
	case records > 0 && use.Designs+records > l.MaxDesigns:
		return errorf(EQuota, "an account may hold at most %d %s and you hold %d; delete some first", l.MaxDesigns, k.plural, use.Designs)
	case use.Versions+versions > l.MaxVersions:
		return errorf(EQuota, "an account may hold at most %d versions over all its %s and you hold %d; delete some %s first", l.MaxVersions, k.plural, use.Versions, k.plural)
	case use.Bytes+bytes > l.MaxBytes:
		return errorf(EQuota, "an account may store at most %d MiB%s and you store %.1f MiB; delete some %s first", l.MaxBytes>>20, k.bytesOf, float64(use.Bytes)/(1<<20), k.plural)
	}
	return nil
}

// deleteRecord deletes with del record id of kind k, which owned finds
// u owns, if it is still at a version pre allows; a write, for the rate
// limit.
func deleteRecord[R record](ctx context.Context, s *Service, u *User, k recordKind, id string, pre Precondition,
	owned func(context.Context, *User, string) (R, error), del func(ctx context.Context, id string, base int) error) error {
	cur, err := owned(ctx, u, id)
	if err != nil {
		return err
	}
	rid, current := cur.head()
	base, err := pre.base(current)
	if err != nil {
		return k.stale(err)
	}
	if err := s.checkWrite(ctx, u, 0, 0, 0); err != nil {
		return err
	}
	return k.stale(del(ctx, rid, base))
}

// createRecord stores new record n of kind k, with id and a version of
// bytes bytes, for u with create, after the rate limit and the quotas
// for one more record and version, and returns it as u reads it with
// read.
func createRecord[N, R any](ctx context.Context, s *Service, u *User, k recordKind, n N, id string, bytes int,
	create func(context.Context, N) error, read func(context.Context, *User, string) (R, error)) (R, error) {
	var none R
	if err := s.checkWriteOf(ctx, u, k, 1, 1, int64(bytes)); err != nil {
		return none, err
	}
	if err := create(ctx, n); err != nil {
		return none, err
	}
	return read(ctx, u, id)
}
