package engine

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// CaseFile is a file of judge cases in the shape of
// testdata/judge-examples.json: questions with the expected
// deciding source, and situations with the expected verdict.
type CaseFile struct {
	About      string          `json:"about,omitempty"`
	Cases      []QuestionCase  `json:"cases"`
	Situations []SituationCase `json:"situations"`
}

// QuestionCase is a question and what should decide it. Expect.Kind is the
// deciding source's kind ("rule" stands for any rule text: effect,
// requirement, important…; "none" expects NotFound), PageAny the pages it
// may stand on (for an FAQ: be shown on or relate to), Contains a phrase
// its text holds (accents and case ignored). Edition is "n4" (default),
// "c1" or "n5"; AsOf a date (2006-01-02) or "".
type QuestionCase struct {
	ID      string `json:"id"`
	Q       string `json:"q"`
	Edition string `json:"edition,omitempty"`
	AsOf    string `json:"as_of,omitempty"`
	Expect  struct {
		Kind     string   `json:"kind"`
		PageAny  []string `json:"page_any"`
		Contains string   `json:"contains"`
		Verdict  string   `json:"verdict_contains,omitempty"`
	} `json:"expect"`
	Verdict string `json:"verdict,omitempty"`
}

// SituationCase is a situation, the verdict expected (compared by prefix,
// accents and case ignored: "invalid" matches "invalid: Trepar is…") and
// pages of which at least one must be cited.
type SituationCase struct {
	ID        string    `json:"id"`
	Situation Situation `json:"situation"`
	Edition   string    `json:"edition,omitempty"`
	Verdict   string    `json:"verdict"`
	CiteAny   []string  `json:"cite_any"`
}

// ParseCases reads a case file.
func ParseCases(data []byte, name string) (*CaseFile, error) {
	var cf CaseFile
	if err := json.Unmarshal(data, &cf); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &cf, nil
}

// Result is how the engine did on one case: the rank (1-based) of the
// first source matching the expectation among the answer's sources (0 =
// none), or for a situation whether the verdict and citations match.
type Result struct {
	ID      string `json:"id"`
	Input   string `json:"input"`
	Rank    int    `json:"rank"`
	OK      bool   `json:"ok"`
	Got     string `json:"got"`
	Problem string `json:"problem,omitempty"`
}

// Report counts the results of an evaluation: questions whose expected
// source is first (First) and within the top 3 (Top3), situations
// resolved as expected (Situations).
type Report struct {
	Questions    int      `json:"questions"`
	First        int      `json:"first"`
	Top3         int      `json:"top3"`
	SituationsN  int      `json:"situations"`
	SituationsOK int      `json:"situations_ok"`
	Results      []Result `json:"results"`
}

// Evaluate runs every case of cf through e.
func Evaluate(ctx context.Context, e *Engine, cf *CaseFile) (*Report, error) {
	rep := &Report{}
	for _, c := range cf.Cases {
		opt, err := caseOptions(c.Edition, c.AsOf)
		if err != nil {
			return nil, fmt.Errorf("case %s: %w", c.ID, err)
		}
		a, err := e.Ask(ctx, c.Q, opt)
		if err != nil {
			return nil, fmt.Errorf("case %s: %w", c.ID, err)
		}
		res := CheckAnswer(c, a)
		rep.Questions++
		if res.Rank == 1 && res.OK {
			rep.First++
		}
		if res.Rank >= 1 && res.Rank <= 3 {
			rep.Top3++
		}
		rep.Results = append(rep.Results, res)
	}
	for _, c := range cf.Situations {
		opt, err := caseOptions(c.Edition, "")
		if err != nil {
			return nil, fmt.Errorf("situation %s: %w", c.ID, err)
		}
		r, err := e.Resolve(ctx, c.Situation, opt)
		if err != nil {
			return nil, fmt.Errorf("situation %s: %w", c.ID, err)
		}
		res := CheckResolution(c, r)
		rep.SituationsN++
		if res.OK {
			rep.SituationsOK++
		}
		rep.Results = append(rep.Results, res)
	}
	return rep, nil
}

func caseOptions(edition, asOf string) (Options, error) {
	var opt Options
	if edition != "" {
		ed, err := parseEdition(edition)
		if err != nil {
			return opt, err
		}
		opt.Edition = ed
	}
	if asOf != "" {
		t, err := parseDay(asOf)
		if err != nil {
			return opt, err
		}
		opt.AsOf = t
	}
	return opt, nil
}

// kindMatches reports whether a source kind satisfies an expected kind
// ("rule" = any rule text).
func kindMatches(want string, got string) bool {
	if want == got {
		return true
	}
	if want == "rule" {
		switch got {
		case "faq", "errata", "example", "":
			return false
		}
		return true
	}
	return false
}

// CheckAnswer compares an answer with a question case: Rank is the
// position of the first source of the expected kind, on one of the
// expected pages, containing the phrase; OK means it is the deciding one
// (and the verdict holds the expected words, if any). Kind "none" expects
// NotFound.
func CheckAnswer(c QuestionCase, a *Answer) Result {
	res := Result{ID: c.ID, Input: c.Q, Got: a.Verdict}
	if d := a.Deciding(); d != nil {
		res.Got = fmt.Sprintf("%s [%s] %s", a.Verdict, d.Kind, d.Citation)
	}
	if c.Expect.Kind == "none" {
		res.OK = !a.Found
		if res.OK {
			res.Rank = 1
		} else {
			res.Problem = "expected not found"
		}
		return res
	}
	for i, s := range a.Sources {
		if s.Role == RoleOverridden || !kindMatches(c.Expect.Kind, string(s.Kind)) {
			continue
		}
		onPage := len(c.Expect.PageAny) == 0
		for _, p := range c.Expect.PageAny {
			if lang.Fold(p) == lang.Fold(s.Page) || s.FAQ != nil && (hasFold(s.FAQ.Related, p) || hasFold(s.FAQ.Pages, p)) {
				onPage = true
			}
		}
		if !onPage || !strings.Contains(lang.Fold(s.Text+" "+strings.Join(s.Notes, " ")), lang.Fold(c.Expect.Contains)) {
			continue
		}
		res.Rank = i + 1
		break
	}
	res.OK = res.Rank == 1
	if res.OK && c.Expect.Verdict != "" && !strings.Contains(lang.Fold(a.Verdict), lang.Fold(c.Expect.Verdict)) {
		res.OK = false
		res.Problem = fmt.Sprintf("verdict %q lacks %q", a.Verdict, c.Expect.Verdict)
	}
	if res.Rank == 0 {
		res.Problem = "expected source not among the sources"
	} else if res.Rank > 1 && res.Problem == "" {
		res.Problem = fmt.Sprintf("expected source at rank %d", res.Rank)
	}
	return res
}

// CheckResolution compares a resolution with a situation case.
func CheckResolution(c SituationCase, r *Resolution) Result {
	in, _ := json.Marshal(c.Situation)
	res := Result{ID: c.ID, Input: string(in), Got: r.Verdict}
	if !strings.HasPrefix(lang.Fold(r.Verdict), lang.Fold(verdictHead(c.Verdict))) {
		res.Problem = fmt.Sprintf("verdict %q, want %q", r.Verdict, c.Verdict)
		return res
	}
	if len(c.CiteAny) > 0 {
		cited := false
		for _, s := range r.Sources() {
			for _, p := range c.CiteAny {
				if lang.Fold(p) == lang.Fold(s.Page) {
					cited = true
				}
			}
		}
		if !cited {
			res.Problem = fmt.Sprintf("none of %v cited", c.CiteAny)
			return res
		}
	}
	res.OK, res.Rank = true, 1
	return res
}

// verdictHead is the part of an expected verdict compared: up to the first
// ":" ("invalid: Trepar is an Orden Completa" → "invalid").
func verdictHead(v string) string {
	if i := strings.Index(v, ":"); i >= 0 {
		return v[:i]
	}
	return v
}

func parseEdition(s string) (wikirules.Edition, error) { return wikirules.ParseEdition(s) }

// parseDay reads "2006-01-02" (the end of that day, UTC) or RFC 3339.
func parseDay(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC(), nil
	}
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return t, fmt.Errorf("bad date %q: want 2006-01-02 or RFC 3339", s)
	}
	return t.Add(24*time.Hour - time.Second), nil
}

// Add adds the counts and results of r to rep.
func (rep *Report) Add(r *Report) {
	rep.Questions += r.Questions
	rep.First += r.First
	rep.Top3 += r.Top3
	rep.SituationsN += r.SituationsN
	rep.SituationsOK += r.SituationsOK
	rep.Results = append(rep.Results, r.Results...)
}

// builtinCases are the example judge cases (testdata/judge-examples.json)
// and the engine's own set (testdata/cases.json).
//
//go:embed testdata/judge-examples.json testdata/cases.json
var builtinCases embed.FS

// BuiltinCases returns the case files built into the engine: the judge
// examples and the engine's own cases (testdata/cases.json).
func BuiltinCases() ([]*CaseFile, error) {
	var out []*CaseFile
	for _, name := range []string{"testdata/judge-examples.json", "testdata/cases.json"} {
		data, err := builtinCases.ReadFile(name)
		if err != nil {
			return nil, err
		}
		cf, err := ParseCases(data, name)
		if err != nil {
			return nil, err
		}
		out = append(out, cf)
	}
	return out, nil
}
