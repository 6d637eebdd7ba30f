// Package twins gives the web server (web.Twins) the twin pages that
// package pairs finds in a knowledge base: the pairs and which side of
// each is newer are computed once, when Load is called (the server loads
// them again when the knowledge base changes); warnings are computed per
// citation, as query ask and show compute them.
package twins

import (
	"context"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pairs"
	"github.com/wikirules/wikirules/web"
)

// Source is a knowledge base's pairs as web.Twins.
type Source struct {
	db   *kb.DB
	set  *pairs.Set
	twin map[string]web.Twin // by wiki + "\x00" + title
}

// Load pairs the pages of db (pairs.Load) and compares every pair
// (pairs.Lags).
func Load(ctx context.Context, db *kb.DB) (*Source, error) {
	set, err := pairs.Load(ctx, db)
	if err != nil {
		return nil, err
	}
	lags, err := pairs.Lags(ctx, db, set)
	if err != nil {
		return nil, err
	}
	s := &Source{db: db, set: set, twin: map[string]web.Twin{}}
	for _, l := range lags {
		es, en := s.page(l.ES), s.page(l.EN)
		s.twin[l.ES.Wiki+"\x00"+l.ES.Title] = web.Twin{Page: en, Newer: l.Newer}
		s.twin[l.EN.Wiki+"\x00"+l.EN.Title] = web.Twin{Page: es, Newer: l.Newer}
	}
	return s, nil
}

// page is the stored page of ref.
func (s *Source) page(ref pairs.PageRef) wikirules.Page {
	if cp := s.set.Page(ref); cp != nil {
		return cp.Page
	}
	return wikirules.Page{Title: ref.Title, Wiki: ref.Wiki, Language: ref.Language}
}

// Twin implements web.Twins.
func (s *Source) Twin(wiki, title string) (web.Twin, bool) {
	t, ok := s.twin[wiki+"\x00"+title]
	return t, ok
}

// Warn implements web.Twins with pairs.Set.Warn.
func (s *Source) Warn(ctx context.Context, c wikirules.Citation, judge string) (*web.TwinWarning, error) {
	w, err := s.set.Warn(ctx, s.db, c, judge)
	if err != nil || w == nil {
		return nil, err
	}
	return &web.TwinWarning{Page: s.page(w.Page), Twin: s.page(w.Twin), Message: w.Message, Cite: w.Cite, Text: w.Text, Match: w.Match}, nil
}
