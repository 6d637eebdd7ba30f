package report

import (
	"context"

	"github.com/wikirules/wikirules"
)

// TwinNote names, on the first result of a page that has a twin on the
// wiki of the other language (package pairs), that twin: Newer when the
// twin is the newer side of the pair, Results the twin's results folded
// into this page's (a pair is shown once).
type TwinNote struct {
	Wiki     string `json:"wiki"`
	Title    string `json:"title"`
	Language string `json:"language"`
	Newer    bool   `json:"newer"`
	Results  int    `json:"results"`
}

// TwinOf returns the twin of the page (wiki, title) and the language of
// the pair's newer side ("" when neither is ahead), or false.
type TwinOf func(wiki, title string) (twin wikirules.Page, newer string, ok bool)

// GroupTwins orders results so that each pair of twin pages is shown
// once, where its best result ranks: first the results of the pair's
// newer side (of the side ranked first when neither is newer), the first
// of them naming the other side (TwinNote), whose results are folded
// into the count. A page whose twin has no result still names it. Results
// whose page is not known (Wiki "") or that have no twin keep their
// place.
func GroupTwins(results []SearchResult, twinOf TwinOf) []SearchResult {
	if twinOf == nil {
		return results
	}
	type side struct {
		page wikirules.Page
		idx  []int
	}
	type group struct {
		sides [2]*side // the side met first, then its twin
		newer string
	}
	groups := map[string]*group{}
	var order []any // int (a result kept as it is) or *group
	for i, r := range results {
		if r.Wiki == "" {
			order = append(order, i)
			continue
		}
		twin, newer, ok := twinOf(r.Wiki, r.Citation.Page)
		if !ok {
			order = append(order, i)
			continue
		}
		this := r.Wiki + "\x00" + r.Citation.Page
		other := twin.Wiki + "\x00" + twin.Title
		key := this + "\x01" + other
		if this > other {
			key = other + "\x01" + this
		}
		g := groups[key]
		if g == nil {
			g = &group{sides: [2]*side{{page: wikirules.Page{Wiki: r.Wiki, Title: r.Citation.Page, Language: r.Language}}, {page: twin}}, newer: newer}
			groups[key] = g
			order = append(order, g)
		}
		s := g.sides[0]
		if s.page.Wiki != r.Wiki {
			s = g.sides[1]
		}
		s.idx = append(s.idx, i)
	}
	out := make([]SearchResult, 0, len(results))
	for _, o := range order {
		if i, ok := o.(int); ok {
			out = append(out, results[i])
			continue
		}
		g := o.(*group)
		lead, rest := g.sides[0], g.sides[1]
		if g.newer != "" && g.newer == rest.page.Language && len(rest.idx) > 0 {
			lead, rest = rest, lead
		}
		for n, i := range lead.idx {
			r := results[i]
			if n == 0 {
				r.Twin = &TwinNote{Wiki: rest.page.Wiki, Title: rest.page.Title, Language: rest.page.Language,
					Newer: g.newer != "" && g.newer == rest.page.Language, Results: len(rest.idx)}
			}
			out = append(out, r)
		}
	}
	return out
}

// maxTwinSearches bounds the searches FillTwins makes for one search.
const maxTwinSearches = 5

// FillTwins ranks the records of both twins: for each page among
// out.Results (the best ranked first, at most maxTwinSearches) whose twin
// has no result there, it asks search for the twin page's results for
// the same text (search sets their Wiki and Language, as KeepResults
// does) and appends them, so that GroupTwins can show the pair's newer
// side first.
func FillTwins(ctx context.Context, out *Search, twinOf TwinOf, search func(ctx context.Context, page wikirules.Page) ([]SearchResult, error)) error {
	if twinOf == nil {
		return nil
	}
	have := map[string]bool{}
	for _, r := range out.Results {
		if r.Wiki != "" {
			have[r.Wiki+"\x00"+r.Citation.Page] = true
		}
	}
	asked := 0
	for i := 0; i < len(out.Results) && asked < maxTwinSearches; i++ {
		r := out.Results[i]
		if r.Wiki == "" {
			continue
		}
		twin, _, ok := twinOf(r.Wiki, r.Citation.Page)
		if !ok || have[twin.Wiki+"\x00"+twin.Title] {
			continue
		}
		have[twin.Wiki+"\x00"+twin.Title] = true
		asked++
		more, err := search(ctx, twin)
		if err != nil {
			return err
		}
		for _, m := range more {
			if m.Wiki == twin.Wiki && m.Citation.Page == twin.Title {
				out.Results = append(out.Results, m)
			}
		}
	}
	return nil
}
