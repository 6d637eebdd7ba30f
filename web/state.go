package web

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"

	"github.com/wikirules/wikirules"
)

// state is what a server answers from between two swaps: its Deps, the
// titles the knowledge base holds (to mark links to missing pages), the
// wiki's language (the default label language). Requests hold mu for reading while they use
// it; retire takes it for writing, so that it returns when none does.
type state struct {
	deps   Deps
	titles titleSet
	wiki   string // "es" or "en"
	pages  []wikirules.Page
	newest wikirules.Edition // the newest edition the knowledge base holds (0: none)

	mu      sync.RWMutex
	retired bool
}

func newState(ctx context.Context, d Deps) (*state, error) {
	if d.Store == nil || d.Judge == nil {
		return nil, errors.New("web: New needs a Store and a Judge")
	}
	if d.Search == nil {
		d.Search = d.Store
	}
	pages, err := d.Store.Pages(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := templatesFor(langES); err != nil {
		return nil, err
	}
	newest, err := newestEdition(ctx, d.Store)
	if err != nil {
		return nil, err
	}
	return &state{deps: d, titles: newTitleSet(pages), wiki: wikiLanguage(pages), pages: pages, newest: newest}, nil
}

// EditionLister is implemented by a Store that lists the editions its
// records are scoped to (kb.DB.Editions) without reading them all.
type EditionLister interface {
	Editions(ctx context.Context) (wikirules.Editions, error)
}

// newestEdition is the newest edition the knowledge base holds (N5 once
// an N5 page is in; Editions.Newest), the edition a view speaks for when
// none is asked, or 0 when no record is scoped to an edition.
func newestEdition(ctx context.Context, st wikirules.Store) (wikirules.Edition, error) {
	var held wikirules.Editions
	if el, ok := st.(EditionLister); ok {
		h, err := el.Editions(ctx)
		if err != nil {
			return 0, err
		}
		held = h
	} else {
		recs, err := st.Records(ctx, wikirules.Filter{})
		if err != nil {
			return 0, err
		}
		for _, r := range recs {
			held |= r.Editions
		}
	}
	ed, _ := held.Newest()
	return ed, nil
}

func (st *state) release() { st.mu.RUnlock() }

func (st *state) retire() {
	st.mu.Lock()
	st.retired = true
	st.mu.Unlock()
}

// views builds the pages' views over a store, a searcher and a judge,
// with URLs from link and labels in l: the server's handlers and the
// static export share it.
type views struct {
	store  wikirules.Store
	search wikirules.Searcher
	judge  Judge // nil on the static site
	link   linker
	l      *labels
	titles titleSet
	// wiki is the ?wiki= parameter: the wiki whose page a title names
	// ("infinity-en"); without it the label language chooses among the
	// wikis holding the title.
	wiki string
	// newest is the knowledge base's newest edition: the default.
	newest wikirules.Edition
	// twins are the pages' twins in the other language (nil: none known).
	twins Twins
}

// at returns the views of a page of wiki: its links to titles that
// several wikis hold go to that wiki's page.
func (vs *views) at(wiki string) *views {
	c := *vs
	c.wiki, c.link = wiki, vs.link.at(wiki)
	return &c
}

// pageFilter is the part of a store filter that chooses which page a
// title names: the wiki asked for, else the judge's language.
func (vs *views) pageFilter() wikirules.Filter {
	lang := ""
	if vs.l != nil {
		lang = vs.l.code
	}
	return wikirules.Filter{Wiki: vs.wiki, Lang: lang}
}

// rq is one request as a handler sees it: the state it is served from,
// its views and the response.
type rq struct {
	views
	st *state
	s  *Server
	w  http.ResponseWriter
	r  *http.Request
}

// handler is a route that may fail; the wrappers turn its error into a
// response.
type handler func(q *rq) error

// begin acquires the current state for r and builds its request view:
// the label language (setting the lang cookie when the toggle asked for
// it) and the linker.
func (s *Server) begin(w http.ResponseWriter, r *http.Request) *rq {
	st := s.acquire()
	code, fromParam := pickLang(r, st.wiki)
	if fromParam {
		http.SetCookie(w, &http.Cookie{Name: "lang", Value: code, Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode})
	}
	w.Header().Add("Vary", "Accept-Language, Cookie")
	self := *r.URL
	q := self.Query()
	q.Del("lang")
	self.RawQuery = q.Encode()
	wiki := truncate(strings.TrimSpace(r.URL.Query().Get("wiki")), 100)
	return &rq{views: views{store: st.deps.Store, search: st.deps.Search, judge: st.deps.Judge,
		link: &serverLinker{titleSet: st.titles, self: &self, wiki: wiki, code: code}, l: langOf(code), titles: st.titles,
		wiki: wiki, newest: st.newest, twins: st.deps.Twins},
		st: st, s: s, w: w, r: r}
}

// api wraps a JSON route: errors become {"error": msg, "status": code}.
func (s *Server) api(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := s.begin(w, r)
		defer q.st.release()
		if err := h(q); err != nil {
			code, msg := s.statusOf(r, err)
			writeJSON(w, code, map[string]any{"error": msg, "status": code})
		}
	}
}

// html wraps an HTML route: errors become the error page, in the judge's
// language (the technical message stays in the server's log).
func (s *Server) html(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := s.begin(w, r)
		defer q.st.release()
		if err := h(q); err != nil {
			q.renderError(err)
		}
	}
}

// renderError renders the error page for err: a missing page offers the
// search for its title, a bad request says what was wrong with it.
func (q *rq) renderError(err error) {
	code, msg := q.s.statusOf(q.r, err)
	v := &errorView{Status: code}
	search := q.r.URL.Query().Get("q")
	switch {
	case code == http.StatusNotFound && q.r.PathValue("title") != "":
		title := strings.ReplaceAll(q.r.PathValue("title"), "_", " ")
		v.Message = q.l.t("error.nopage", truncate(strings.ToValidUTF8(title, ""), 200))
		search = title
	case code == http.StatusNotFound:
		v.Message = q.l.t("error.notfound")
	case code == http.StatusServiceUnavailable:
		v.Message = q.l.t("error.timeout")
	case code >= 500:
		v.Message = q.l.t("error.internal")
	default:
		v.Message = q.l.t("error.badrequest", msg)
	}
	v.Query = truncate(strings.ToValidUTF8(search, ""), 200)
	v.SearchURL, v.Home = q.link.search(v.Query), q.link.home()
	q.render(code, "error", v)
}

// errorView is what the error page shows: the status, a message in the
// judge's language, and the search for what was asked.
type errorView struct {
	Status          int
	Message         string
	Query           string
	SearchURL, Home string
}

func (v *errorView) title(l *labels) string { return l.t("error.title", v.Status) }
