package engine

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"regexp"
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
// its text holds (accents, case and runs of white space ignored), Wiki the
// wiki of the deciding page (informative). Expect.Verdict is what the short
// verdict must say: "Sí"/"Yes"/"No" for a yes/no question (compared by
// polarity), a number for a numeric one ("-3", "5"). Edition is "n4", "c1"
// or "n5" ("" = the engine's default); AsOf a date (2006-01-02) or "".
// Lang ("es", "en") and AnswerType ("yesno", "numeric", "open", "none")
// describe the question; Verdict is the short answer a judge would give.
type QuestionCase struct {
	ID         string `json:"id"`
	Q          string `json:"q"`
	Lang       string `json:"lang,omitempty"`
	Edition    string `json:"edition,omitempty"`
	AsOf       string `json:"as_of,omitempty"`
	AnswerType string `json:"answer_type,omitempty"`
	Source     string `json:"source,omitempty"`
	Expect     struct {
		Kind     string   `json:"kind"`
		PageAny  []string `json:"page_any"`
		Wiki     string   `json:"wiki,omitempty"`
		Contains string   `json:"contains"`
		Verdict  string   `json:"verdict_contains,omitempty"`
	} `json:"expect"`
	Verdict string `json:"verdict,omitempty"`
	Note    string `json:"note,omitempty"`
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
// Verdict says how the short verdict compares with the expected one, for
// questions that expect one: VerdictRight, VerdictWrong (given and
// contrary to it), VerdictNone (no verdict given); "" when none is
// expected. Abstained is true when the answer is NotFound.
type Result struct {
	ID        string `json:"id"`
	Input     string `json:"input"`
	Rank      int    `json:"rank"`
	OK        bool   `json:"ok"`
	Verdict   string `json:"verdict,omitempty"`
	Abstained bool   `json:"abstained,omitempty"`
	Got       string `json:"got"`
	Want      string `json:"want_verdict,omitempty"` // the verdict expected, when one is
	Problem   string `json:"problem,omitempty"`
	situation bool
	none      bool // the case expects NotFound
}

// Verdict outcomes of a Result.
const (
	VerdictRight = "right"
	VerdictWrong = "wrong"
	VerdictNone  = "none"
)

// Report counts the results of an evaluation. Questions counts the
// questions; of those expecting a source, First have it deciding (and the
// verdict, if any, right), Top3 within the first three sources. Verdicts
// counts the questions expecting a verdict (yes/no and numeric ones), of
// which VerdictRight got it, VerdictWrong got a contrary one and the rest
// none. Abstained counts the questions answered NotFound; NoneN the
// questions whose answer is not in the knowledge base, NoneOK those of them
// answered NotFound. Situations counts the situations and SituationsOK
// those resolved as expected.
type Report struct {
	Questions    int      `json:"questions"`
	Answerable   int      `json:"answerable"`
	First        int      `json:"first"`
	Top3         int      `json:"top3"`
	Verdicts     int      `json:"verdicts"`
	VerdictRight int      `json:"verdict_right"`
	VerdictWrong int      `json:"verdict_wrong"`
	Abstained    int      `json:"abstained"`
	NoneN        int      `json:"not_in_corpus"`
	NoneOK       int      `json:"not_in_corpus_abstained"`
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
		rep.add(CheckAnswer(c, a))
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
		rep.add(CheckResolution(c, r))
	}
	return rep, nil
}

// add counts one result.
func (rep *Report) add(res Result) {
	rep.Results = append(rep.Results, res)
	if res.situation {
		rep.SituationsN++
		if res.OK {
			rep.SituationsOK++
		}
		return
	}
	rep.Questions++
	if res.Abstained {
		rep.Abstained++
	}
	if res.none {
		rep.NoneN++
		if res.OK {
			rep.NoneOK++
		}
		return
	}
	rep.Answerable++
	if res.Rank == 1 && res.OK {
		rep.First++
	}
	if res.Rank >= 1 && res.Rank <= 3 {
		rep.Top3++
	}
	switch res.Verdict {
	case VerdictRight:
		rep.Verdicts++
		rep.VerdictRight++
	case VerdictWrong:
		rep.Verdicts++
		rep.VerdictWrong++
	case VerdictNone:
		rep.Verdicts++
	}
}

// Split returns the cases of cf in two files: held holds every n-th
// question (the n-th, 2n-th… in file order) and every n-th situation,
// dev the rest. A set developed on dev and measured on held shows how the
// engine does on questions it was not tuned on.
func (cf *CaseFile) Split(n int) (dev, held *CaseFile) {
	dev, held = &CaseFile{About: cf.About}, &CaseFile{About: cf.About}
	for i, c := range cf.Cases {
		if n > 0 && (i+1)%n == 0 {
			held.Cases = append(held.Cases, c)
		} else {
			dev.Cases = append(dev.Cases, c)
		}
	}
	for i, c := range cf.Situations {
		if n > 0 && (i+1)%n == 0 {
			held.Situations = append(held.Situations, c)
		} else {
			dev.Situations = append(dev.Situations, c)
		}
	}
	return dev, held
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
// expected pages, whose text holds the phrase; OK means it is the deciding
// one and the verdict is not contrary to the expected one. Kind "none"
// expects NotFound. The verdict is compared by VerdictOutcome.
func CheckAnswer(c QuestionCase, a *Answer) Result {
	res := Result{ID: c.ID, Input: c.Q, Got: a.Verdict, Abstained: !a.Found}
	if d := a.Deciding(); d != nil {
		res.Got = fmt.Sprintf("%s [%s] %s", a.Verdict, d.Kind, d.Citation)
	}
	if c.Expect.Kind == "none" {
		res.none = true
		res.OK = !a.Found
		if res.OK {
			res.Rank = 1
		} else {
			res.Problem = "expected not found"
		}
		return res
	}
	want := foldSpace(c.Expect.Contains)
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
		if !onPage || !strings.Contains(foldSpace(sourceText(s)), want) {
			continue
		}
		res.Rank = i + 1
		break
	}
	res.OK = res.Rank == 1
	if c.Expect.Verdict != "" {
		res.Verdict = VerdictOutcome(c.Expect.Verdict, a.Verdict)
		res.Want = c.Expect.Verdict
		if res.Verdict == VerdictWrong {
			res.OK = false
			res.Problem = fmt.Sprintf("verdict %q contrary to %q", a.Verdict, c.Expect.Verdict)
		}
	}
	where := ""
	if res.Rank == 0 {
		where = "expected source not among the sources"
	} else if res.Rank > 1 {
		where = fmt.Sprintf("expected source at rank %d", res.Rank)
	}
	if where != "" && res.Problem != "" {
		res.Problem = where + "; " + res.Problem
	} else if where != "" {
		res.Problem = where
	}
	return res
}

// sourceText is what a source says, for matching an expected phrase: its
// text, the quote a judge reads (a lead-in with its bullets, a bullet
// under its lead-in), the record's plain text (the quote is Markdown) and
// its notes, or an FAQ's question and answer.
func sourceText(s Source) string {
	t := s.Text + "\n" + s.Quote + "\n" + strings.Join(s.Notes, "\n")
	if s.Record != nil {
		t += "\n" + s.Record.Plain
	}
	if s.FAQ != nil {
		t += "\n" + s.FAQ.Question + "\n" + s.FAQ.Answer
	}
	return t
}

// foldSpace folds s (lang.Fold) and collapses its runs of white space.
func foldSpace(s string) string { return strings.Join(strings.Fields(lang.Fold(s)), " ") }

// VerdictOutcome compares a verdict given with the one expected: for an
// expected yes or no ("Sí", "Yes", "No") the polarity of the verdict's
// first word; for an expected number ("-3", "5") the first number the
// verdict states (an unsigned expected number also matches "+5"). It
// returns VerdictRight, VerdictWrong or VerdictNone (no yes/no, or no
// number, given).
func VerdictOutcome(want, got string) string {
	if wp := polarity(want); wp != "" {
		switch gp := polarity(got); {
		case gp == "":
			return VerdictNone
		case gp == wp:
			return VerdictRight
		default:
			return VerdictWrong
		}
	}
	wn := reNumber.FindString(want)
	if wn == "" {
		if strings.Contains(lang.Fold(got), lang.Fold(want)) {
			return VerdictRight
		}
		return VerdictNone
	}
	gn := reNumber.FindString(got)
	if gn == "" {
		return VerdictNone
	}
	norm := func(n string, signed bool) string {
		n = strings.ReplaceAll(n, "−", "-")
		if !signed {
			n = strings.TrimPrefix(n, "+")
		}
		return n
	}
	signed := strings.ContainsAny(wn, "+-−")
	if norm(gn, signed) == norm(wn, signed) {
		return VerdictRight
	}
	return VerdictWrong
}

// reNumber finds a number, with its sign.
var reNumber = regexp.MustCompile(`[+\-−]?\d+`)

// polarity returns "yes" or "no" for a text whose first word is a yes
// ("Sí", "Si", "Yes") or a no ("No"), else "".
func polarity(s string) string {
	w := lang.Words(s)
	if len(w) == 0 {
		return ""
	}
	switch w[0] {
	case "si", "yes":
		return "yes"
	case "no":
		return "no"
	}
	return ""
}

// CheckResolution compares a resolution with a situation case.
func CheckResolution(c SituationCase, r *Resolution) Result {
	in, _ := json.Marshal(c.Situation)
	res := Result{ID: c.ID, Input: string(in), Got: r.Verdict, situation: true}
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
	for _, res := range r.Results {
		rep.add(res)
	}
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

// Summary is the figures of a report as one line each: deciding source
// first and in the top 3 (of the questions whose answer is in the
// knowledge base), verdicts right and wrong (of the yes/no and numeric
// ones), abstentions, not-in-corpus questions abstained on, situations.
func (rep *Report) Summary() []string {
	return []string{
		fmt.Sprintf("questions: %d (%d answerable, %d not in corpus)", rep.Questions, rep.Answerable, rep.NoneN),
		fmt.Sprintf("deciding source first: %d/%d (%.1f%%)  in the top 3: %d/%d (%.1f%%)",
			rep.First, rep.Answerable, pct(rep.First, rep.Answerable), rep.Top3, rep.Answerable, pct(rep.Top3, rep.Answerable)),
		fmt.Sprintf("verdict right: %d/%d (%.1f%%)  wrong (given, contrary): %d (%.1f%%)  none: %d",
			rep.VerdictRight, rep.Verdicts, pct(rep.VerdictRight, rep.Verdicts), rep.VerdictWrong, pct(rep.VerdictWrong, rep.Verdicts),
			rep.Verdicts-rep.VerdictRight-rep.VerdictWrong),
		fmt.Sprintf("abstained: %d/%d  not in corpus abstained: %d/%d (%.1f%%)",
			rep.Abstained, rep.Questions, rep.NoneOK, rep.NoneN, pct(rep.NoneOK, rep.NoneN)),
		fmt.Sprintf("situations resolved as expected: %d/%d", rep.SituationsOK, rep.SituationsN),
	}
}

// pct is 100·n/d, 0 when d is 0.
func pct(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return 100 * float64(n) / float64(d)
}
