package web

import (
	"net/http"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/report"
)

// homeView is the home page: the page list.
type homeView struct {
	Pages []wikirules.Page
}

func (v *homeView) title() string { return "Rules for judges" }

func (s *Server) home(w http.ResponseWriter, r *http.Request) error {
	pages, err := s.deps.Store.Pages(r.Context())
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, "home", &homeView{Pages: pages})
	return nil
}

// searchView is a search results page: the results with their snippets
// and citation links, the edition switch and the kind facet (counted over
// the results without a kind filter).
type searchView struct {
	P        *params
	Results  []hitView
	Editions []tab
	Kinds    []tab
}

func (v *searchView) title() string {
	if v.P.q == "" {
		return "Search"
	}
	return v.P.q + " — search"
}

// hitView is one result: the hit, its JSON-shaped result and the link to
// the record on its page.
type hitView struct {
	R   report.Result
	URL string
}

func (s *Server) searchPage(w http.ResponseWriter, r *http.Request) error {
	p, err := readParams(r)
	if err != nil {
		return err
	}
	v := &searchView{P: p}
	if p.q != "" {
		// One search without a kind filter counts the kind facet; it is
		// also the result list when no kind is chosen.
		f := p.filter()
		f.Kinds, f.Limit = nil, MaxResults
		all, err := s.deps.Search.SearchText(r.Context(), p.q, f)
		if err != nil {
			return err
		}
		counts := map[wikirules.Kind]int{}
		for _, h := range all {
			counts[hitKind(h)]++
		}
		hits := all
		if len(p.kinds) > 0 {
			if hits, err = s.deps.Search.SearchText(r.Context(), p.q, p.filter()); err != nil {
				return err
			}
		}
		if len(hits) > p.limit {
			hits = hits[:p.limit]
		}
		for _, h := range hits {
			res := report.HitResult(h)
			v.Results = append(v.Results, hitView{R: res, URL: citeURL(res.Citation, res.Superseded)})
		}
		kind := p.kindParam()
		v.Kinds = append(v.Kinds, tab{Label: "all kinds", Count: len(all), Active: kind == "",
			URL: withQuery("/search", "q", p.q, "edition", p.edName, "as_of", p.asOfRaw, "history", boolParam(p.history))})
		for _, k := range knownKinds {
			if counts[k] == 0 && kind != string(k) {
				continue
			}
			v.Kinds = append(v.Kinds, tab{Label: kindName(k), Count: counts[k], Active: kind == string(k),
				URL: withQuery("/search", "q", p.q, "edition", p.edName, "kind", string(k), "as_of", p.asOfRaw, "history", boolParam(p.history))})
		}
	}
	for _, e := range []struct{ label, value string }{{"All editions", ""}, {"N4", "n4"}, {"CodeOne", "c1"}, {"N5", "n5"}} {
		v.Editions = append(v.Editions, tab{Label: e.label, Active: p.edName == e.value,
			URL: withQuery("/search", "q", p.q, "edition", e.value, "kind", p.kindParam(), "as_of", p.asOfRaw, "history", boolParam(p.history))})
	}
	s.render(w, r, http.StatusOK, "search", v)
	return nil
}

// hitKind is the kind of a hit's record or FAQ entry.
func hitKind(h wikirules.Hit) wikirules.Kind {
	switch {
	case h.Record != nil:
		return h.Record.Kind
	case h.FAQ != nil:
		return wikirules.Kind(h.FAQ.Type)
	}
	return h.Citation.Kind
}

// faqView is the FAQ and errata list, filtered by type.
type faqView struct {
	P     *params
	Type  string
	Cards []faqCard
	Types []tab
}

func (v *faqView) title() string { return "FAQs & Errata" }

func (s *Server) faqPage(w http.ResponseWriter, r *http.Request) error {
	p, err := readParams(r)
	if err != nil {
		return err
	}
	typ := r.URL.Query().Get("type")
	if typ != "" && typ != "faq" && typ != "errata" {
		return badRequest("type %q: want faq or errata", truncate(typ, 20))
	}
	faqs, err := s.deps.Store.FAQs(r.Context(), p.q, wikirules.Filter{Edition: p.edition, AsOf: p.asOf})
	if err != nil {
		return err
	}
	v := &faqView{P: p, Type: typ}
	counts := map[string]int{}
	for _, f := range faqs {
		counts[f.Type]++
		if typ == "" || f.Type == typ {
			v.Cards = append(v.Cards, faqCard{F: f})
		}
	}
	for _, t := range []struct{ label, value string }{{"All", ""}, {"Errata", "errata"}, {"FAQ", "faq"}} {
		n := len(faqs)
		if t.value != "" {
			n = counts[t.value]
		}
		v.Types = append(v.Types, tab{Label: t.label, Count: n, Active: typ == t.value,
			URL: withQuery("/faq", "q", p.q, "type", t.value, "edition", p.edName, "as_of", p.asOfRaw)})
	}
	s.render(w, r, http.StatusOK, "faq", v)
	return nil
}
