package library

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
)

// Import statuses of one item.
const (
	ImportCreated  = "created"  // stored with the requested visibility
	ImportDraft    = "draft"    // illegal, stored as a private draft
	ImportRejected = "rejected" // not stored
)

// ImportOptions say what an import does with what it reads.
type ImportOptions struct {
	// Visibility is given to legal items (default private).
	Visibility Visibility
	// Drafts stores illegal items as private drafts instead of rejecting them.
	Drafts bool
}

// ImportItem reports on one item of an import.
type ImportItem struct {
	Index    int               `json:"index"`
	Status   string            `json:"status"`
	ID       string            `json:"id,omitempty"`
	Name     string            `json:"name,omitempty"`
	Problems designer.Problems `json:"problems"`
}

// ImportReport is the outcome of Import.
type ImportReport struct {
	Created  int          `json:"created"`
	Drafts   int          `json:"drafts"`
	Rejected int          `json:"rejected"`
	Items    []ImportItem `json:"items"`
}

// MaxImportItems is the most design documents one import may carry.
const MaxImportItems = 1000

// MaxImportBytes is the most bytes one import may store: its documents
// with their evaluations and problems, as an account's quota counts them
// (Limits.MaxBytes). A thousand designs of the size of the samples store
// about 25 MiB; 700 small drafts of a hundred problems each stored 45 MB.
// Past it the import stores nothing and is refused (ETooLarge, 413).
const MaxImportBytes = 32 << 20

// MaxImportProblems is the most problems an import's answer lists, over
// all its items; past them an item's problems are one R-LIM-07 problem
// that says so (an error when any of them is). A thousand drafts of a
// hundred problems each answered 18.5 MB.
const MaxImportProblems = ruleset.MaxProblems

// importProblems lists ps in an import's answer that has listed
// *listed problems so far: up to MaxImportProblems in all, then one
// R-LIM-07 problem at the item's place.
func importProblems(ps designer.Problems, where string, listed *int) designer.Problems {
	room := max(0, MaxImportProblems-*listed)
	if len(ps) <= room {
		*listed += len(ps)
		return ps
	}
	if room > 0 {
		ps = ps.Capped(room)
		*listed += room
		return ps
	}
	sev := designer.Warning
	if !ps.Legal() {
		sev = designer.Error
	}
	return designer.Problems{{Rule: ruleset.RuleProblemCap, Severity: sev, Path: where,
		Message: fmt.Sprintf("This design's problems are not listed: an import's answer lists its first %d problems in all", MaxImportProblems),
		Hint:    "check this design on its own to see its problems"}}
}

// Import reads design documents for u and stores what it may: legal items
// with the visibility asked for, illegal ones as drafts or not at all, as
// opt says; unreadable or oversized ones, and those whose text no store
// keeps (the text rule, text.go), never. Each item gets its own report
// line and one bad item never fails the others: what is stored is stored
// in one transaction, each item under a savepoint of its own
// (Store.ImportDesigns), so that an item the database refuses all the
// same is rejected alone.
func (s *Service) Import(ctx context.Context, u *User, items []json.RawMessage, opt ImportOptions) (*ImportReport, error) {
	if u == nil {
		return nil, mustSignIn()
	}
	if opt.Visibility == "" {
		opt.Visibility = Private
	}
	if !opt.Visibility.Valid() {
		return nil, &Error{Code: EInvalid, Field: "visibility", Message: "must be private, unlisted or public"}
	}
	if len(items) > MaxImportItems {
		return nil, &Error{Code: EInvalid, Field: "body", Message: fmt.Sprintf("holds %d designs; one import may hold at most %d", len(items), MaxImportItems)}
	}
	rep := &ImportReport{Items: make([]ImportItem, 0, len(items))}
	var batch []*NewDesign
	var at []int // the report line of each design of batch
	var bytes int64
	listed := 0 // problems listed in the answer
	reject := func(item ImportItem, ps designer.Problems) {
		item.Status, item.Problems = ImportRejected, importProblems(ps, fmt.Sprintf("[%d]", item.Index), &listed)
		rep.Rejected++
		rep.Items = append(rep.Items, item)
	}
	for i, raw := range items {
		item := ImportItem{Index: i, Problems: designer.Problems{}}
		where := fmt.Sprintf("[%d]", i)
		_, d, err := s.rules.Decode(raw)
		if err != nil {
			var de *designer.DecodeError
			if !errors.As(err, &de) {
				return nil, err
			}
			reject(item, Prefix(where, designer.Problems{de.Problem()}))
			continue
		}
		item.Name = d.Head().Name
		if d, err = s.Bind(ctx, u, d); err != nil { // the documents it uses, as the importer reads them
			return nil, err
		}
		// Legal items take the visibility asked for; illegal ones are
		// private drafts or rejected, as opt says.
		e, res, probs, err := s.evaluation(d)
		if err != nil {
			return nil, err
		}
		vis, status := opt.Visibility, ImportCreated
		if !e.Legal {
			if !opt.Drafts {
				reject(item, Prefix(where, probs))
				continue
			}
			vis, status = Private, ImportDraft
		}
		if err := s.checkSharedUses(ctx, u, d, vis); err != nil {
			var le *Error
			if !errors.As(err, &le) {
				return nil, err
			}
			reject(item, Prefix(where, designer.Problems{{Rule: "R-API-01", Severity: designer.Error, Path: strings.TrimPrefix(le.Field, "design."), Message: le.Message}}))
			continue
		}
		nd, err := s.prepareEvaluated(d, vis, u.ID, e, res, probs)
		if err != nil {
			var le *Error
			if !errors.As(err, &le) {
				return nil, err
			}
			ps := le.Problems
			if len(ps) == 0 {
				// The item is the design: "design.name" is its "name".
				at := strings.TrimPrefix(strings.TrimPrefix(le.Field, "design"), ".")
				ps = designer.Problems{{Rule: "R-API-01", Severity: designer.Error, Path: at, Message: le.Message}}
			}
			reject(item, Prefix(where, ps))
			continue
		}
		item.Problems = importProblems(Prefix(where, probs), where, &listed)
		item.ID, item.Status = nd.ID, status
		if status == ImportDraft {
			rep.Drafts++
		} else {
			rep.Created++
		}
		batch = append(batch, nd)
		at = append(at, len(rep.Items))
		bytes += int64(nd.Version.Bytes())
		if bytes > MaxImportBytes {
			return nil, &Error{Code: ETooLarge, Field: "body", Message: fmt.Sprintf(
				"the designs up to item %d would store %.1f MiB with their evaluations; one import may store at most %d MiB (split it into smaller imports)",
				i, float64(bytes)/(1<<20), MaxImportBytes>>20)}
		}
		rep.Items = append(rep.Items, item)
	}
	if len(batch) == 0 {
		return rep, nil
	}
	if err := s.checkWrite(ctx, u, len(batch), len(batch), bytes); err != nil {
		return nil, err
	}
	errs, err := s.store.ImportDesigns(ctx, batch)
	if err != nil {
		return nil, err
	}
	for j, err := range errs {
		if err != nil {
			s.refused(ctx, &rep.Items[at[j]], rep, err)
		}
	}
	return rep, nil
}

// refused turns the report line of an item the store refused (err, from
// Store.ImportDesigns) into a rejection, and logs why.
func (s *Service) refused(ctx context.Context, item *ImportItem, rep *ImportReport, err error) {
	s.log.WarnContext(ctx, "import: the store refused an item", "index", item.Index, "err", err)
	if item.Status == ImportDraft {
		rep.Drafts--
	} else {
		rep.Created--
	}
	rep.Rejected++
	msg := "could not be stored: the database refused it; the other designs were stored"
	if errors.Is(err, ErrConflict) {
		msg = "could not be stored: its new id was taken at the same moment; import it again"
	}
	item.Status, item.ID = ImportRejected, ""
	item.Problems = designer.Problems{{Rule: "R-API-01", Severity: designer.Error, Path: fmt.Sprintf("[%d]", item.Index), Message: msg}}
}

// Prefix puts a path prefix before every problem's path.
func Prefix(p string, probs designer.Problems) designer.Problems {
	out := make(designer.Problems, len(probs))
	for i, pr := range probs {
		switch {
		case pr.Path == "":
			pr.Path = p
		case pr.Path[0] == '[':
			pr.Path = p + pr.Path
		default:
			pr.Path = p + "." + pr.Path
		}
		out[i] = pr
	}
	return out
}

// StoreDesigns evaluates and stores decoded designs for owner in one
// transaction, for tools (import from the command line, load generators).
// Legal designs get visibility vis; illegal ones are stored private. It
// returns the new ids in order. Quotas do not apply.
func (s *Service) StoreDesigns(ctx context.Context, owner *User, ds []ruleset.Design, vis Visibility) ([]string, error) {
	batch := make([]*NewDesign, 0, len(ds))
	ids := make([]string, 0, len(ds))
	for _, d := range ds {
		nd, err := s.prepare(d, vis, owner.ID)
		var le *Error
		if errors.As(err, &le) && le.Code == EIllegal {
			nd, err = s.prepare(d, Private, owner.ID)
		}
		if err != nil {
			return nil, err
		}
		batch = append(batch, nd)
		ids = append(ids, nd.ID)
	}
	if err := s.store.CreateDesigns(ctx, batch); err != nil {
		return nil, err
	}
	return ids, nil
}

// SeedSamples publishes each served ruleset's sample designs as public
// designs of the system user when it has no design of that ruleset yet:
// on first start, and in a library seeded before a ruleset was added, on
// the first start that serves it. Samples that fail validation are stored
// private. It returns how many it stored.
func (s *Service) SeedSamples(ctx context.Context) (int, error) {
	// Nodes starting together over one database seed once.
	unlock, err := s.store.Lock(ctx, "seed-samples")
	if err != nil {
		return 0, fmt.Errorf("seed: %w", err)
	}
	defer unlock()
	u, err := s.EnsureUser(ctx, SystemUser)
	if err != nil {
		return 0, fmt.Errorf("seed: %w", err)
	}
	have, err := s.store.DesignsByOwner(ctx, u.ID)
	if err != nil {
		return 0, fmt.Errorf("seed: %w", err)
	}
	seeded := map[string]bool{}
	for _, d := range have {
		seeded[d.Ruleset] = true
	}
	var ds []ruleset.Design
	// The first game's samples are stored last, so that the library,
	// newest first, opens on them whatever the other games are called.
	games := make([]ruleset.Ruleset, 0, len(s.rules.List()))
	for _, r := range s.rules.List() {
		if r != s.rules.Fallback() {
			games = append(games, r)
		}
	}
	if fb := s.rules.Fallback(); fb != nil {
		games = append(games, fb)
	}
	for _, r := range games {
		id := r.Info().ID
		if seeded[id] {
			continue
		}
		for _, sm := range r.Samples() {
			d, err := r.Decode(sm.Document)
			if err == nil && d.Head().Ruleset != id {
				err = fmt.Errorf("names ruleset %q", d.Head().Ruleset)
			}
			if err != nil {
				s.log.WarnContext(ctx, "sample design unreadable; skipped", "ruleset", id, "file", sm.File, "err", err)
				continue
			}
			ds = append(ds, d)
		}
	}
	if len(ds) == 0 {
		return 0, nil
	}
	ids, err := s.StoreDesigns(ctx, u, ds, Public)
	if err != nil {
		return 0, fmt.Errorf("seed: %w", err)
	}
	return len(ids), nil
}

// RecomputeReport sums up a recomputation run.
type RecomputeReport struct {
	Model string `json:"model"`
	// Designs counts the designs re-evaluated.
	Designs int `json:"designs"`
	// Changes lists the first MaxReportedChanges of them; the store's
	// recomputation log holds every one.
	Changes []Recomputation `json:"changes"`
}

// MaxReportedChanges is the most recomputations a RecomputeReport lists.
const MaxReportedChanges = 1000

// RecomputeLock is the Store lock Recompute holds, so that nodes sharing
// a database re-evaluate each design once, not once per node.
const RecomputeLock = "recompute"

// RecomputeBatch is how many designs Recompute reads, evaluates and
// stores at a time, each batch in one transaction.
const RecomputeBatch = 1000

// Recompute brings the library up to the Service's costing model after a
// model change: every live design whose summary (CV, points, tier and the
// other numbers the library lists, filters and sorts by) came from another
// model version is re-evaluated from its latest version's document, and
// its new summary is stored with the old and new numbers logged. Stored
// full results (the explanation tree) and older versions are not
// rewritten: a version evaluated under another model is re-evaluated when
// it is read (Service.current), with the same function, so every answer
// is the one an eager recomputation would have stored.
//
// Designs are read in row order with keyset pagination, evaluated on
// every core (GOMAXPROCS workers) and stored by one writer in batches of
// RecomputeBatch, each in its own transaction: a run stopped at any point
// leaves each design with either its old or its new summary, and the next
// run finishes the job. Running it again finds nothing to do. It holds
// RecomputeLock, so that when several nodes start at once one recomputes
// and the others, waiting, then find nothing left.
func (s *Service) Recompute(ctx context.Context) (*RecomputeReport, error) {
	return s.RecomputeWith(ctx, RecomputeOptions{})
}

// RecomputeOptions tune a recomputation; zero fields take the defaults.
type RecomputeOptions struct {
	// Batch is how many designs each transaction stores (RecomputeBatch).
	Batch int
	// Workers is how many goroutines evaluate (GOMAXPROCS).
	Workers int
}

// RecomputeWith is Recompute with its batch size and number of workers.
func (s *Service) RecomputeWith(ctx context.Context, opt RecomputeOptions) (*RecomputeReport, error) {
	size, workers := opt.Batch, opt.Workers
	if size <= 0 {
		size = RecomputeBatch
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	models := s.Models()
	rep := &RecomputeReport{Model: strings.Join(models, ", "), Changes: []Recomputation{}}
	unlock, err := s.store.Lock(ctx, RecomputeLock)
	if err != nil {
		return rep, fmt.Errorf("recompute: %w", err)
	}
	defer unlock()

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	type batch struct {
		ds    []*Design
		out   []Recomputation
		err   error
		ready chan struct{} // closed once out or err is set
	}
	// The reader hands each batch to the workers (todo) and, in the
	// order read, to the writer (order), which stores them in that order:
	// a run stopped at any point has finished a prefix of the rows.
	todo := make(chan *batch, workers)
	order := make(chan *batch, 2*workers)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(todo)
		defer close(order)
		var after int64
		for {
			ds, err := s.store.StaleDesigns(ctx, models, after, size)
			if err != nil {
				cancel(fmt.Errorf("recompute: %w", err))
				return
			}
			if len(ds) == 0 {
				return
			}
			after = ds[len(ds)-1].Seq
			b := &batch{ds: ds, ready: make(chan struct{})}
			select {
			case order <- b:
			case <-ctx.Done():
				return
			}
			todo <- b // the workers drain todo until it closes
		}
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range todo {
				b.out, b.err = s.reevaluate(ctx, b.ds)
				close(b.ready)
			}
		}()
	}
	defer wg.Wait()
	for b := range order {
		select {
		case <-b.ready:
		case <-ctx.Done():
			return rep, context.Cause(ctx)
		}
		if b.err != nil {
			cancel(b.err)
			return rep, b.err
		}
		if err := s.store.SaveRecomputations(ctx, b.out); err != nil {
			err = fmt.Errorf("recompute: %w", err)
			cancel(err)
			return rep, err
		}
		rep.Designs += len(b.out)
		if n := MaxReportedChanges - len(rep.Changes); n > 0 {
			rep.Changes = append(rep.Changes, b.out[:min(n, len(b.out))]...)
		}
	}
	if err := context.Cause(ctx); err != nil {
		return rep, err
	}
	return rep, nil
}

// reevaluate computes the new summaries of stale designs, each under its
// ruleset's model.
func (s *Service) reevaluate(ctx context.Context, ds []*Design) ([]Recomputation, error) {
	out := make([]Recomputation, 0, len(ds))
	for _, d := range ds {
		// Let the reader and the writer run first: they take turns on
		// the store's one connection, which is what bounds the pace on
		// SQLite, and a goroutine woken by a worker otherwise waits for
		// the worker's 10 ms time slice to end (a million designs on two
		// cores: 51-55 s against 52-63 s).
		runtime.Gosched()
		r, doc, err := s.DecodeDocument(&d.Latest)
		if err != nil {
			return nil, fmt.Errorf("recompute: %w", err)
		}
		if doc, err = s.bindAsOwner(ctx, d, doc); err != nil { // the documents it uses, as its owner reads them
			return nil, fmt.Errorf("recompute %s: %w", d.ID, err)
		}
		ev, err := r.Evaluate(doc, nil)
		if err != nil {
			return nil, fmt.Errorf("recompute %s version %d: %w", d.ID, d.Version, err)
		}
		e, _, err := summary(doc, ev)
		if err != nil {
			return nil, fmt.Errorf("recompute %s version %d: %w", d.ID, d.Version, err)
		}
		old := d.Latest.Evaluation
		out = append(out, Recomputation{
			DesignSeq: d.Seq, DesignID: d.ID, Version: d.Version, OldModel: old.ModelVersion, NewModel: e.ModelVersion,
			OldCV: old.CV, NewCV: e.CV, OldPoints: old.Points, NewPoints: e.Points, Old: old, Evaluation: e,
		})
	}
	return out, nil
}

// PurgeDeleted removes for good the rows of designs deleted longer ago
// than Limits.PurgeAfter, and returns how many went. slipway serve runs it
// hourly.
func (s *Service) PurgeDeleted(ctx context.Context) (int, error) {
	return s.store.PurgeDeleted(ctx, s.now().Add(-s.limits.PurgeAfter))
}
