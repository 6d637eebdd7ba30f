package index

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// Case is one relevance judgement: a query and what must come first.
// Edition ("n4", "c1", "n5" or "") scopes the search. Lang and Type
// describe the query ("es", "en", "mixed"; "word", "abbrev", "typo",
// "question", "phrase") for per-group figures.
type Case struct {
	ID      string `json:"id"`
	Query   string `json:"q"`
	Edition string `json:"edition,omitempty"`
	Lang    string `json:"lang,omitempty"`
	Type    string `json:"type,omitempty"`
	Expect  Expect `json:"expect"`
}

// Expect says which hits satisfy a Case. A hit matches when its page (for
// an FAQ, any page it shows on or relates to) is in PageAny (empty = any),
// its citation kind equals Kind (empty = any) and its text (record plain
// text and notes; FAQ question and answer) contains Contains, compared
// case- and accent-insensitively (empty = anything).
type Expect struct {
	PageAny  []string `json:"page_any,omitempty"`
	Kind     string   `json:"kind,omitempty"`
	Contains string   `json:"contains,omitempty"`
}

// Matches reports whether h satisfies e.
func (e Expect) Matches(h wikirules.Hit) bool {
	if e.Kind != "" && string(h.Citation.Kind) != e.Kind {
		return false
	}
	var pages []string
	var text string
	switch {
	case h.FAQ != nil:
		pages = append(append(pages, h.FAQ.Pages...), h.FAQ.Related...)
		text = faqText(h.FAQ)
	case h.Record != nil:
		pages = []string{h.Record.Page}
		text = recordText(h.Record)
	default:
		return false
	}
	if len(e.PageAny) > 0 {
		ok := false
		for _, p := range pages {
			if slices.Contains(e.PageAny, p) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return e.Contains == "" || strings.Contains(lang.Fold(text), lang.Fold(e.Contains))
}

// LoadCases reads a relevance set: a JSON object with a "cases" array
// (testdata/relevance.json). Errors name the source.
func LoadCases(r io.Reader, name string) ([]Case, error) {
	var doc struct {
		Cases []Case `json:"cases"`
	}
	if err := json.NewDecoder(r).Decode(&doc); err != nil {
		return nil, fmt.Errorf("relevance set %s: %w", name, err)
	}
	for i, c := range doc.Cases {
		if c.Query == "" {
			return nil, fmt.Errorf("relevance set %s: case %d (%s) has no query", name, i, c.ID)
		}
	}
	return doc.Cases, nil
}

// evalDepth is how deep Evaluate looks for the first matching hit.
const evalDepth = 10

// CaseResult is the outcome of one Case: the 1-based rank of the first
// matching hit (0 = none in the top 10), the top hit's citation and any
// search error.
type CaseResult struct {
	Case  Case   `json:"case"`
	Rank  int    `json:"rank"`
	Top   string `json:"top,omitempty"`
	Error string `json:"error,omitempty"`
}

// Metrics are the relevance figures of a run: recall@1 and recall@3 (share
// of cases whose first matching hit is at rank 1, resp. ≤ 3) and MRR (mean
// of 1/rank, 0 for a miss in the top 10), over N cases.
type Metrics struct {
	N         int          `json:"n"`
	RecallAt1 float64      `json:"recall_at_1"`
	RecallAt3 float64      `json:"recall_at_3"`
	MRR       float64      `json:"mrr"`
	Cases     []CaseResult `json:"cases"`
}

// Evaluate runs every case against idx and computes the metrics. A case
// whose search fails (or whose edition is unknown) counts as a miss and
// carries its error.
func Evaluate(ctx context.Context, idx *Index, cases []Case) Metrics {
	m := Metrics{N: len(cases)}
	for _, c := range cases {
		cr := CaseResult{Case: c}
		q := Query{Text: c.Query, Limit: evalDepth}
		var err error
		if c.Edition != "" {
			q.Edition, err = wikirules.ParseEdition(c.Edition)
		}
		var res *Result
		if err == nil {
			res, err = idx.Search(ctx, q)
		}
		if err != nil {
			cr.Error = err.Error()
			m.Cases = append(m.Cases, cr)
			continue
		}
		for i, h := range res.Hits {
			if i == 0 {
				cr.Top = h.Citation.String()
			}
			if c.Expect.Matches(h) {
				cr.Rank = i + 1
				break
			}
		}
		if cr.Rank == 1 {
			m.RecallAt1++
		}
		if cr.Rank >= 1 && cr.Rank <= 3 {
			m.RecallAt3++
		}
		if cr.Rank > 0 {
			m.MRR += 1 / float64(cr.Rank)
		}
		m.Cases = append(m.Cases, cr)
	}
	if m.N > 0 {
		m.RecallAt1 /= float64(m.N)
		m.RecallAt3 /= float64(m.N)
		m.MRR /= float64(m.N)
	}
	return m
}

// Print writes the metrics and every case that missed rank 1 to w.
func (m Metrics) Print(w io.Writer) {
	fmt.Fprintf(w, "cases %d  recall@1 %.3f  recall@3 %.3f  MRR %.3f\n", m.N, m.RecallAt1, m.RecallAt3, m.MRR)
	for _, c := range m.Cases {
		if c.Rank == 1 {
			continue
		}
		rank := fmt.Sprint(c.Rank)
		if c.Rank == 0 {
			rank = "miss"
		}
		fmt.Fprintf(w, "  %s rank %s  %q  top: %s %s\n", c.Case.ID, rank, c.Case.Query, c.Top, c.Error)
	}
}

//go:embed testdata/relevance.json
var relevanceJSON []byte

// RelevanceSet returns the project's relevance set
// (testdata/relevance.json, embedded), the cases TestRelevance and
// "query eval -search" score.
func RelevanceSet() ([]Case, error) {
	return LoadCases(bytes.NewReader(relevanceJSON), "index/testdata/relevance.json")
}
