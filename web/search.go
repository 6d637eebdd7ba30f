package web

import (
	"context"
	"encoding/json"
	"html/template"
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
	P       *params
	Verdict *verdictView
	// VerdictHTML is Verdict rendered with the labels of the question's
	// language.
	VerdictHTML template.HTML
	Results     []hitView
	Editions    []option
	Kinds       []option
	Filtered    bool   // an edition or kind is chosen
	Edition     string // the edition the results speak for
	AskURL      string // the question page for the text
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
	// Twin names the page's twin on the other language's wiki, on the
	// first result of a pair (report.GroupTwins), with its link and its
	// language's name.
	Twin     *report.TwinNote
	TwinURL  string
	TwinLang string
}

// twinOf is the server's twins as report.GroupTwins reads them (nil
// without Twins).
func (vs *views) twinOf() report.TwinOf {
	if vs.twins == nil {
		return nil
	}
	return func(wiki, title string) (wikirules.Page, string, bool) {
		t, ok := vs.twins.Twin(wiki, title)
		return t.Page, t.Newer, ok
	}
}

// arrange keeps the results of hits that belong in the view, as query
// search keeps them (report.KeepResults: the page of ?wiki=, and without
// an edition asked each page's newest edition), and shows each pair of
// twin pages once, the newer side first, its records ranked too
// (report.FillTwins, GroupTwins); at most limit results.
// conv makes a hit a result (report.SearchResultOf for the API; the
// page keeps the snippet's « » marks).
func (vs *views) arrange(ctx context.Context, text string, hits []wikirules.Hit, conv func(wikirules.Hit) report.SearchResult,
	f wikirules.Filter, newest bool, limit int) ([]report.SearchResult, error) {
	out := report.Search{}
	for _, h := range hits {
		out.Results = append(out.Results, conv(h))
	}
	if err := report.KeepResults(ctx, vs.store, &out, vs.wiki, newest, 3*limit); err != nil {
		return nil, err
	}
	err := report.FillTwins(ctx, &out, vs.twinOf(), func(ctx context.Context, p wikirules.Page) ([]report.SearchResult, error) {
		g := f
		g.Pages, g.Wiki, g.Limit = []string{p.Title}, p.Wiki, limit
		more, err := vs.search.SearchText(ctx, text, g)
		if err != nil {
			return nil, err
		}
		doc := report.Search{}
		for _, h := range more {
			doc.Results = append(doc.Results, conv(h))
		}
		err = report.KeepResults(ctx, vs.store, &doc, p.Wiki, newest, limit)
		return doc.Results, err
	})
	if err != nil {
		return nil, err
	}
	res := report.GroupTwins(out.Results, vs.twinOf())
	if len(res) > limit {
		res = res[:limit]
	}
	return res, nil
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
	return q.show("search", v, err)
}

// searchView searches p.q: one search without a kind filter counts the
// kind facet and is the result list when no kind is chosen.
func (vs *views) searchView(ctx context.Context, p *params) (*searchView, error) {
	v := &searchView{P: p, Filtered: p.edName != "" || len(p.kinds) > 0, AskURL: vs.link.ask(p.q), Static: vs.link.static()}
	newest := p.edition == 0 && p.edName != "all" && vs.newest != 0
	switch {
	case newest:
		v.Edition = vs.l.t("edition.pernewest")
	case p.edition != 0:
		v.Edition = vs.l.edition(p.edName)
	default:
		v.Edition = vs.l.edition("")
	}
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
			av := vs.speaking(a.Language)
			v.Verdict = av.verdictOf(a, p.q)
			if err := av.addTwin(ctx, v.Verdict, a); err != nil {
				return nil, err
			}
			if v.VerdictHTML, err = av.block("verdict", v.Verdict); err != nil {
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
		f = p.filter()
		rs, err := vs.arrange(ctx, p.q, hits, markedResult, f, newest, p.limit)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			hv := hitView{R: r.Result, URL: vs.link.cite(r.Citation, r.Superseded), Twin: r.Twin}
			if r.Wiki != "" {
				hv.URL = vs.at(r.Wiki).link.cite(r.Citation, r.Superseded)
			}
			if t := r.Twin; t != nil {
				hv.TwinURL = vs.at(t.Wiki).link.page(t.Title, "", "", false, "")
				hv.TwinLang = vs.l.t("lang." + t.Language)
			}
			v.Results = append(v.Results, hv)
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
	v.Editions = append(v.Editions, option{Value: "", Label: vs.l.t("edition.newest"), Selected: p.edName == ""})
	for _, e := range []string{"all", "n4", "c1", "n5"} {
		v.Editions = append(v.Editions, option{Value: e, Label: vs.l.edition(e), Selected: p.edName == e})
	}
	return v, nil
}

// markedResult is the result of h with its snippet's « » marks kept
// (the template's snippet function renders them).
func markedResult(h wikirules.Hit) report.SearchResult {
	return report.SearchResult{Result: report.HitResult(h)}
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
