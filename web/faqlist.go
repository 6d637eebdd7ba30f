package web

import (
	"context"
	"sort"
	"strings"

	"github.com/wikirules/wikirules"
)

// faqView is the FAQ and errata list a judge scans: the entries grouped by
// the page where each stands (its newest text), every entry headed by its
// question with its type, version and edition as badges, and filters
// for edition, type and version.
type faqView struct {
	P        *params
	Action   string // the filter form's target
	Type     string
	Version  string
	Groups   []faqGroup
	Shown    int
	Total    int
	Pages    int
	Types    []option
	Editions []option
	Versions []option
}

// faqGroup is the entries of one page.
type faqGroup struct {
	Page  pageLink
	Cards []faqCard
}

func (v *faqView) title(l *labels) string { return l.t("faq.title") }

func (q *rq) faqPage() error {
	p, err := readParams(q.r)
	if err != nil {
		return err
	}
	typ := q.r.URL.Query().Get("type")
	if typ != "" && typ != "faq" && typ != "errata" {
		return badRequest("type %q: want faq or errata", truncate(typ, 20))
	}
	version, err := cleanText("version", q.r.URL.Query().Get("version"), 100)
	if err != nil {
		return err
	}
	v, err := q.faqView(q.r.Context(), p, typ, version)
	return q.show("faq", v, err)
}

// faqView lists the FAQs matching p.q in p's edition, keeping those of
// type typ and published in version ("" for any).
func (vs *views) faqView(ctx context.Context, p *params, typ, version string) (*faqView, error) {
	faqs, err := vs.store.FAQs(ctx, p.q, wikirules.Filter{Edition: p.edition, AsOf: p.asOf})
	if err != nil {
		return nil, err
	}
	v := &faqView{P: p, Type: typ, Version: version, Total: len(faqs), Action: strings.SplitN(vs.link.faq(), "?", 2)[0]}
	versions := map[string]bool{}
	groups := map[string]*faqGroup{}
	for _, f := range faqs {
		c := vs.faqCard(f, "")
		if c.Version != "" {
			versions[c.Version] = true
		}
		if (typ != "" && f.Type != typ) || (version != "" && c.Version != version) {
			continue
		}
		page := faqHome(f)
		g := groups[page]
		if g == nil {
			g = &faqGroup{}
			if page != "" {
				g.Page = vs.pageLink(page, "")
			} else {
				g.Page = pageLink{Title: vs.l.t("faq.nopage")}
			}
			groups[page] = g
		}
		g.Cards = append(g.Cards, c)
		v.Shown++
	}
	for _, g := range groups {
		v.Groups = append(v.Groups, *g)
	}
	sort.Slice(v.Groups, func(i, j int) bool {
		a, b := v.Groups[i].Page, v.Groups[j].Page
		if (a.URL == "") != (b.URL == "") {
			return b.URL == "" // entries on no page last
		}
		return foldTitle(a.Title) < foldTitle(b.Title)
	})
	v.Pages = len(v.Groups)
	for _, t := range []struct{ value, label string }{{"", vs.l.t("faq.type.all")}, {"errata", vs.l.kind("errata")}, {"faq", vs.l.kind("faq")}} {
		v.Types = append(v.Types, option{Value: t.value, Label: t.label, Selected: typ == t.value})
	}
	for _, e := range []string{"", "n4", "c1", "n5"} {
		v.Editions = append(v.Editions, option{Value: e, Label: vs.l.edition(e), Selected: p.edName == e})
	}
	v.Versions = append(v.Versions, option{Value: "", Label: vs.l.t("version.all"), Selected: version == ""})
	var vl []string
	for s := range versions {
		vl = append(vl, s)
	}
	sort.Strings(vl)
	for _, s := range vl {
		v.Versions = append(v.Versions, option{Value: s, Label: s, Selected: version == s})
	}
	return v, nil
}

// faqHome is the page an FAQ entry is listed under: where its newest text
// stands, else the first page showing it, else the first it relates to.
func faqHome(f wikirules.FAQ) string {
	switch {
	case f.LastPage != "":
		return f.LastPage
	case len(f.Pages) > 0:
		return f.Pages[0]
	case len(f.Related) > 0:
		return f.Related[0]
	}
	return ""
}

// EditionValues are the entry's editions as filter values ("n4 c1"), for
// the static site's filter script.
func (c faqCard) EditionValues() string {
	var out []string
	for _, e := range []string{"n4", "c1", "n5"} {
		ed, err := wikirules.ParseEdition(e)
		if err == nil && (c.F.Editions == 0 || c.F.Editions.Holds(ed)) {
			out = append(out, e)
		}
	}
	return strings.Join(out, " ")
}
