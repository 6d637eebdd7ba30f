package web

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/report"
)

// homeView is the home page: what the site holds and the page list.
type homeView struct {
	Pages     []pageLink
	Errata    string
	FAQs      string
	Immutable bool
}

func (v *homeView) title(l *labels) string { return l.t("tagline") }

// homeView lists pages.
func (vs *views) homeView(pages []wikirules.Page) *homeView {
	v := &homeView{Errata: vs.link.faq("type", "errata"), FAQs: vs.link.faq()}
	for _, p := range pages {
		v.Pages = append(v.Pages, vs.pageLink(p.Title, ""))
	}
	return v
}

func (q *rq) home() error {
	v := q.homeView(q.st.pages)
	v.Immutable = q.st.deps.Immutable
	q.render(200, "home", v)
	return nil
}

// searchView is a search results page: the verdict when the text is a
// question, then the results with their snippets and citation links, and
// the filters (edition, kind with counts over the results without a kind
// filter) folded under one switch.
type searchView struct {
	P        *params
	Verdict  *verdictView
	Results  []hitView
	Editions []option
	Kinds    []option
	Filtered bool   // an edition or kind is chosen
	AskURL   string // the question page for the text
	// Static is set on the static site, whose search runs in the browser
	// with the scripts of Assets.
	Static bool
	Assets struct{ MiniSearch, Data, Search string }
	// KindsJSON names the record kinds for the browser's result list.
	KindsJSON string
}

// option is one choice of a filter select.
type option struct {
	Value, Label string
	Count        int
	Selected     bool
}

func (v *searchView) title(l *labels) string {
	if v.P.q == "" {
		return l.t("search.title")
	}
	return v.P.q + " — " + l.t("search.title")
}

// hitView is one result: the hit, its JSON-shaped result and the link to
// the record on its page.
type hitView struct {
	R   report.Result
	URL string
}

// isQuestion reports whether a search text is asked as a question (it
// holds a question mark), which the search page then also puts to the
// judge engine.
func isQuestion(s string) bool { return strings.ContainsAny(s, "?¿") }

func (q *rq) searchPage() error {
	p, err := readParams(q.r)
	if err != nil {
		return err
	}
	v, err := q.searchView(q.r.Context(), p)
	if err != nil {
		return err
	}
	q.render(200, "search", v)
	return nil
}

// searchView searches p.q: one search without a kind filter counts the
// kind facet and is the result list when no kind is chosen.
func (vs *views) searchView(ctx context.Context, p *params) (*searchView, error) {
	v := &searchView{P: p, Filtered: p.edName != "" || len(p.kinds) > 0, AskURL: vs.link.ask(p.q), Static: vs.link.static()}
	if v.Static {
		v.Assets.MiniSearch, v.Assets.Data, v.Assets.Search = vs.link.asset("minisearch.js"), vs.link.asset("../search-data.js"), vs.link.asset("search.js")
		names := map[string]string{}
		for _, k := range knownKinds {
			names[string(k)] = vs.l.kind(k)
		}
		b, _ := json.Marshal(names)
		v.KindsJSON = string(b)
	}
	counts := map[wikirules.Kind]int{}
	total := 0
	if p.q != "" && vs.search != nil {
		if isQuestion(p.q) && vs.judge != nil {
			a, err := vs.judge.Ask(ctx, p.q, p.options())
			if err != nil {
				return nil, err
			}
			v.Verdict = vs.verdictOf(a, p.q)
			if err := vs.addTwin(ctx, v.Verdict, a); err != nil {
				return nil, err
			}
		}
		f := p.filter()
		f.Kinds, f.Limit = nil, MaxResults
		all, err := vs.search.SearchText(ctx, p.q, f)
		if err != nil {
			return nil, err
		}
		for _, h := range all {
			counts[hitKind(h)]++
		}
		total = len(all)
		hits := all
		if len(p.kinds) > 0 {
			if hits, err = vs.search.SearchText(ctx, p.q, p.filter()); err != nil {
				return nil, err
			}
		}
		if len(hits) > p.limit {
			hits = hits[:p.limit]
		}
		for _, h := range hits {
			res := report.HitResult(h)
			v.Results = append(v.Results, hitView{R: res, URL: vs.link.cite(res.Citation, res.Superseded)})
		}
	}
	kind := p.kindParam()
	v.Kinds = append(v.Kinds, option{Value: "", Label: vs.l.t("kind.all"), Count: total, Selected: kind == ""})
	for _, k := range knownKinds {
		if counts[k] == 0 && kind != string(k) {
			continue
		}
		v.Kinds = append(v.Kinds, option{Value: string(k), Label: vs.l.kind(k), Count: counts[k], Selected: kind == string(k)})
	}
	for _, e := range []string{"", "n4", "c1", "n5"} {
		v.Editions = append(v.Editions, option{Value: e, Label: vs.l.edition(e), Selected: p.edName == e})
	}
	return v, nil
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
