package api

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"
)

// encounterSideJSON is one fleet of POST /encounters: a stored fleet by
// id (and version, 0 or absent for the latest) or a fleet document, and
// optionally its deployment.
type encounterSideJSON struct {
	ID         string          `json:"id,omitempty" validate:"omitempty,max=64"`
	Version    int             `json:"version,omitempty" validate:"min=0"`
	Fleet      *fleet.Fleet    `json:"fleet,omitempty"`
	Deployment *deploymentJSON `json:"deployment,omitempty"`
}

// deploymentJSON places a fleet's ships in the encounter's zones.
type deploymentJSON struct {
	Zones map[string][]string `json:"zones" validate:"required"`
}

// encounterRequest is the body of POST /encounters.
type encounterRequest struct {
	A         encounterSideJSON `json:"a"`
	B         encounterSideJSON `json:"b"`
	Encounter string            `json:"encounter,omitempty" validate:"omitempty,max=32"`
	Attacker  string            `json:"attacker,omitempty" validate:"omitempty,oneof=a b"`
}

// encounterSideAnswer is one side of the answer of POST /encounters.
type encounterSideAnswer struct {
	// ID and Version name the stored fleet (absent for a document).
	ID      string `json:"id,omitempty"`
	Version int    `json:"version,omitempty"`
	Name    string `json:"name"`
	CV      int    `json:"cv"`
	Points  int    `json:"points"`
	// Legal is the fleet's own legality (with its deployment, if given).
	Legal bool   `json:"legal"`
	Role  string `json:"role,omitempty"`
	// Model is the combat value model CV and Points are priced with: the
	// fleet's pin, or the current model. Current is what the current
	// model says of a fleet pinned to another (absent otherwise).
	Model   string         `json:"model"`
	Current *currentTotals `json:"current,omitempty"`
	// Deployment is the check of the deployment given, or null.
	Deployment *deploymentAnswer `json:"deployment"`
}

// currentTotals is what the current model says of a pinned fleet.
type currentTotals struct {
	Model  string `json:"model"`
	CV     int    `json:"cv"`
	Points int    `json:"points"`
}

// deploymentAnswer is a deployment checked against F-08.
type deploymentAnswer struct {
	Legal    bool               `json:"legal"`
	Zones    []fleet.ZoneResult `json:"zones"`
	Problems designer.Problems  `json:"problems"`
}

// encounterAnswer is the answer of POST /encounters.
type encounterAnswer struct {
	Initiative *fleet.EncounterSetup `json:"initiative"`
	// Encounter is the encounter named, with its zones; Encounters every
	// encounter of the system with its zones and shares.
	Encounter  *fleet.Encounter    `json:"encounter"`
	Encounters []fleet.Encounter   `json:"encounters"`
	A          encounterSideAnswer `json:"a"`
	B          encounterSideAnswer `json:"b"`
	// Model is the model the two fleets' CV are compared under
	// (initiative.a.cv, initiative.b.cv, initiative.equalCV); ModelsDiffer
	// says the fleets were agreed under different models, and are then
	// compared under the current one; Note says it in words (absent when
	// both are priced with the current model).
	Model        string `json:"model"`
	ModelsDiffer bool   `json:"modelsDiffer"`
	Note         string `json:"note,omitempty"`
}

// encounter answers POST /encounters: the encounter set-up of two fleets
// the caller may read, and the check of their deployments.
func (s *Server) encounter(c *gin.Context) {
	var req encounterRequest
	if !s.decodeBody(c, &req) {
		return
	}
	side := func(in encounterSideJSON) library.EncounterSide {
		out := library.EncounterSide{ID: in.ID, Version: in.Version, Document: in.Fleet}
		if in.Deployment != nil {
			out.Zones = in.Deployment.Zones
		}
		return out
	}
	v, err := s.svc.Encounter(c.Request.Context(), caller(c), library.EncounterRequest{
		A: side(req.A), B: side(req.B), Encounter: req.Encounter, Attacker: req.Attacker})
	if err != nil {
		s.fail(c, err)
		return
	}
	out := encounterAnswer{Initiative: v.Setup, Encounter: v.Encounter, Encounters: s.svc.FleetEvaluator().Facts().Encounters,
		A: encounterSide("a", &v.A, s.svc.FleetEvaluator().Model().Version()), B: encounterSide("b", &v.B, s.svc.FleetEvaluator().Model().Version()),
		Model: v.Model, ModelsDiffer: v.ModelsDiffer, Note: v.Note}
	private := v.A.Fleet == nil || v.A.Fleet.Visibility != library.Public || v.B.Fleet == nil || v.B.Fleet.Visibility != library.Public
	if private {
		c.Header("Cache-Control", "private, no-store")
	}
	s.json(c, http.StatusOK, out)
}

// encounterSide words one side of an encounter for the answer (current
// names today's model); problem
// paths name the request: "a.deployment..." for the deployment given,
// "a.fleet..." for the fleet document (the stored one when given by id).
func encounterSide(name string, v *library.EncounterSideView, current string) encounterSideAnswer {
	r := v.Result
	out := encounterSideAnswer{Name: r.Name, CV: r.Totals.CV, Points: r.Totals.Points, Legal: r.Legal, Role: v.Role, Model: v.Model}
	if v.Current != nil {
		out.Current = &currentTotals{Model: current, CV: v.Current.Totals.CV, Points: v.Current.Totals.Points}
	}
	if v.Fleet != nil {
		out.ID, out.Version = v.Fleet.ID, v.Version
	}
	if !v.Deployed {
		return out
	}
	d := &deploymentAnswer{Legal: len(v.Problems) == 0 || v.Problems.Legal(), Zones: r.Deployment, Problems: designer.Problems{}}
	if d.Zones == nil {
		d.Zones = []fleet.ZoneResult{}
	}
	for _, p := range v.Problems {
		if strings.HasPrefix(p.Path, "deployment") {
			p.Path = name + "." + p.Path
		} else {
			p.Path = name + ".fleet." + p.Path
		}
		d.Problems = append(d.Problems, p)
	}
	out.Deployment = d
	return out
}
