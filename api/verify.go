package api

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/library"
)

// The verification of printed matter (issue 22): every sheet, card page
// and fleet pack the server prints records what it printed
// (library.Printed) and carries the QR code and short link of its page,
// /v/<code>; GET /api/v1/verify/{code} answers the page's facts as JSON.

// publicBase is the address printed documents link to: the configured
// public base URL or, without one, the scheme and host the request came
// to.
func (s *Server) publicBase(c *gin.Context) string {
	if s.base != nil {
		u := *s.base
		u.RawQuery, u.Fragment = "", ""
		return strings.TrimSuffix(u.String(), "/")
	}
	scheme := "http"
	if c.Request.TLS != nil {
		scheme = "https"
	}
	host := c.Request.Host
	if host == "" || len(host) > 255 || strings.ContainsAny(host, "/\\?#@ \t") {
		return ""
	}
	return scheme + "://" + host
}

// VerifyPath is the path of the verification page of a code.
func VerifyPath(code string) string { return "/v/" + code }

// recordPrinted stores what a document prints and returns the address
// of its verification page to print on it, or "" when the server knows
// no address to print. A failure to store answers the request and
// reports false.
func (s *Server) recordPrinted(c *gin.Context, p library.Printed) (string, bool) {
	return s.recordShared(c, p, "")
}

// recordShared is recordPrinted for a private design's sheet (or a
// private fleet's pack) printed by its owner while it has a share link:
// the link carries the share token, so whoever holds the paper may verify
// it.
func (s *Server) recordShared(c *gin.Context, p library.Printed, share string) (string, bool) {
	base := s.publicBase(c)
	if base == "" {
		return "", true
	}
	code, err := s.svc.RecordPrinted(c.Request.Context(), p)
	if err != nil {
		s.fail(c, err)
		return "", false
	}
	link := base + VerifyPath(code)
	if share != "" {
		link += "?share=" + share
	}
	return link, true
}

// verify serves GET /api/v1/verify/{code} (?share=token): what the
// document with this code printed, what its design or fleet says now, and
// whether they match. Unknown codes, and codes of designs the caller may
// not read without the share link, are 404 alike.
func (s *Server) verify(c *gin.Context) {
	v, err := s.svc.Verify(c.Request.Context(), caller(c), c.Param("code"), c.Query("share"))
	if err != nil {
		s.fail(c, err)
		return
	}
	if v.Private {
		c.Header("Cache-Control", "private, no-store")
	} else {
		c.Header("Cache-Control", "public, no-cache")
	}
	c.Header("X-Robots-Tag", "noindex")
	s.json(c, http.StatusOK, v)
}

// shareJSON is a design's share link as the API answers it.
type shareJSON struct {
	DesignID  string `json:"designId"`
	Token     string `json:"token"`
	CreatedAt string `json:"createdAt"`
}

func toShareJSON(l *library.ShareLink) shareJSON {
	return shareJSON{DesignID: l.DesignID, Token: l.Token, CreatedAt: l.CreatedAt.UTC().Format("2006-01-02T15:04:05Z")}
}

// createShare serves POST /api/v1/designs/{id}/share: a new share link
// for the owner's design (any earlier one stops working).
func (s *Server) createShare(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	l, err := s.svc.CreateShare(c.Request.Context(), caller(c), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-store")
	c.Header("Location", "/api/v1/designs/"+l.DesignID+"/share")
	s.json(c, http.StatusCreated, toShareJSON(l))
}

// getShare serves GET /api/v1/designs/{id}/share: the owner's share link.
func (s *Server) getShare(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	l, err := s.svc.ShareOf(c.Request.Context(), caller(c), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-store")
	s.json(c, http.StatusOK, toShareJSON(l))
}

// deleteShare serves DELETE /api/v1/designs/{id}/share: the share link
// stops working.
func (s *Server) deleteShare(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	if err := s.svc.RevokeShare(c.Request.Context(), caller(c), c.Param("id")); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
	c.Writer.WriteHeaderNow()
}

// fleetShareJSON is a fleet's share link as the API answers it.
type fleetShareJSON struct {
	FleetID   string `json:"fleetId"`
	Token     string `json:"token"`
	CreatedAt string `json:"createdAt"`
}

func toFleetShareJSON(l *library.FleetShareLink) fleetShareJSON {
	return fleetShareJSON{FleetID: l.FleetID, Token: l.Token, CreatedAt: l.CreatedAt.UTC().Format("2006-01-02T15:04:05Z")}
}

// createFleetShare serves POST /api/v1/fleets/{id}/share: a new share
// link for the owner's fleet (any earlier one stops working).
func (s *Server) createFleetShare(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	l, err := s.svc.CreateFleetShare(c.Request.Context(), caller(c), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-store")
	c.Header("Location", "/api/v1/fleets/"+l.FleetID+"/share")
	s.json(c, http.StatusCreated, toFleetShareJSON(l))
}

// getFleetShare serves GET /api/v1/fleets/{id}/share: the owner's share
// link of a fleet.
func (s *Server) getFleetShare(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	l, err := s.svc.FleetShareOf(c.Request.Context(), caller(c), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-store")
	s.json(c, http.StatusOK, toFleetShareJSON(l))
}

// deleteFleetShare serves DELETE /api/v1/fleets/{id}/share: the fleet's
// share link stops working.
func (s *Server) deleteFleetShare(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	if err := s.svc.RevokeFleetShare(c.Request.Context(), caller(c), c.Param("id")); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
	c.Writer.WriteHeaderNow()
}
