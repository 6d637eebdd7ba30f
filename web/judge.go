package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/report"
)

// sourceView is one quoted source of an answer with the link to the exact
// record (or FAQ entry) on its page.
type sourceView struct {
	engine.Source
	N   int
	URL string
}

// roleGroup is the sources of one role (deciding, supporting, overridden).
type roleGroup struct {
	Role    engine.Role
	Sources []sourceView
}

// groupSources groups sources by role in order, numbering them from 1 and
// linking each citation.
func (vs *views) groupSources(sources []engine.Source) []roleGroup {
	var out []roleGroup
	for i, src := range sources {
		if len(out) == 0 || out[len(out)-1].Role != src.Role {
			out = append(out, roleGroup{Role: src.Role})
		}
		superseded := src.Record != nil && src.Record.Superseded
		g := &out[len(out)-1]
		g.Sources = append(g.Sources, sourceView{Source: src, N: i + 1, URL: vs.link.cite(src.Citation, superseded)})
	}
	return out
}

// verdictView is an answer's first lines: the verdict (or that nothing in
// the knowledge base decides), the edition it speaks for and why that
// one, the date it is pinned to, and the deciding source.
type verdictView struct {
	Found       bool
	Verdict     string // "" when the deciding source gives no short answer
	Edition     string // "N4"
	EditionNote string // why that edition ("" when asked)
	AsOf        string
	Deciding    *sourceView
	URL         string // the whole answer
	// Lang is the language of the block's labels: the question's.
	Lang string
	// Nearest are the pages nearest to a question nothing decides.
	Nearest []pageLink
	// Twin warns that the deciding source's page has a newer twin in
	// the other language, whose record it cites beside it.
	Twin *twinWarningView
}

// addTwin sets v's twin warning from the deciding source of a.
func (vs *views) addTwin(ctx context.Context, v *verdictView, a *engine.Answer) error {
	d := a.Deciding()
	if d == nil {
		return nil
	}
	w, err := vs.twinWarning(ctx, d.Citation)
	v.Twin = w
	return err
}

// speaking returns the views of an answer to a question in language
// code ("es", "en"; another code keeps vs's): the answer block's labels
// follow the question's language, the page around it the interface's.
func (vs *views) speaking(code string) *views {
	if code != langES && code != langEN || code == vs.l.code {
		return vs
	}
	c := *vs
	c.l = langOf(code)
	return &c
}

// block renders the part template name of the label language of vs
// with data: an answer block inside a page of another language.
func (vs *views) block(name string, data any) (template.HTML, error) {
	set, err := templatesFor(vs.l.code)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := set["ask"].ExecuteTemplate(&b, name, data); err != nil {
		return "", fmt.Errorf("web: template %s: %w", name, err)
	}
	return template.HTML(b.String()), nil
}

// verdictOf is the verdict block of a, its labels in the question's
// language (vs should be speaking it).
func (vs *views) verdictOf(a *engine.Answer, question string) *verdictView {
	v := &verdictView{Found: a.Found, Edition: vs.l.edition(a.Edition), URL: vs.link.ask(question), Lang: vs.l.code}
	if a.Found {
		v.Verdict = a.Verdict
	} else {
		for _, title := range a.Nearest {
			v.Nearest = append(v.Nearest, vs.pageLink(title, ""))
		}
	}
	if a.EditionDefaulted {
		v.Edition, v.EditionNote = vs.defaultedEdition(a.Edition, "edition.deciding")
	}
	if a.AsOf != nil {
		v.AsOf = a.AsOf.UTC().Format("2006-01-02")
	}
	if d := a.Deciding(); d != nil {
		superseded := d.Record != nil && d.Record.Superseded
		v.Deciding = &sourceView{Source: *d, N: 1, URL: vs.link.cite(d.Citation, superseded)}
	}
	return v
}

// defaultedEdition is the badge and the note of an answer that speaks for
// edition ed ("n4", "" when unknown) when none was asked. The engine
// answers for the knowledge base's newest edition unless the deciding
// page holds none of its text (then for that page's newest, or for no
// edition when the page does not say its own) or, for a situation, no
// source of it resolves it (then for the newest older edition that does):
// other is the note of that case, "edition.deciding" or
// "edition.fallback", which names the knowledge base's newest.
func (vs *views) defaultedEdition(ed, other string) (badge, note string) {
	newest := wikirules.Editions(vs.newest).String()
	switch {
	case ed == "":
		return vs.l.t("edition.unknown"), vs.l.t("edition.decidingunknown")
	case vs.newest == 0 || ed == newest:
		return vs.l.edition(ed), vs.l.t("edition.default")
	}
	return vs.l.edition(ed), vs.l.t(other, vs.l.edition(newest))
}

// askView is the ask page: the form and, when a question was asked, the
// verdict first, then the sources grouped by role. Head and Body are
// those two blocks rendered with the labels of the question's language.
type askView struct {
	P       *params
	Answer  *engine.Answer
	Data    report.DataVersion // the answer's, its inferred times marked
	Verdict *verdictView
	Groups  []roleGroup
	Head    template.HTML
	Body    template.HTML
}

// answerBody is what the "answerbody" part shows: the sources grouped
// by role and the data line, labelled in language Lang.
type answerBody struct {
	Lang   string
	Groups []roleGroup
	Data   report.DataVersion
}

func (v *askView) title(l *labels) string {
	if v.P.q == "" {
		return l.t("ask.title")
	}
	return v.P.q + " — " + l.t("ask.title")
}

func (q *rq) askPage() error {
	p, err := readParams(q.r)
	if err != nil {
		return err
	}
	v := &askView{P: p}
	if p.q != "" {
		a, err := q.judge.Ask(q.r.Context(), p.q, p.options())
		if err != nil {
			return err
		}
		av := q.speaking(a.Language)
		v.Answer, v.Groups, v.Verdict = a, av.groupSources(a.Sources), av.verdictOf(a, p.q)
		v.Data = report.DataOf(a.Data, a.Sources)
		v.Verdict.URL = ""
		if err := av.addTwin(q.r.Context(), v.Verdict, a); err != nil {
			return err
		}
		if v.Head, err = av.block("verdict", v.Verdict); err != nil {
			return err
		}
		if v.Body, err = av.block("answerbody", answerBody{Lang: av.l.code, Groups: v.Groups, Data: v.Data}); err != nil {
			return err
		}
	}
	q.render(200, "ask", v)
	return nil
}

// exampleSituation is the situation the resolve form starts with (judge
// case S04: an Engaged trooper declares Dodge).
const exampleSituation = `{
  "turn": "active",
  "states": ["Trabado"],
  "order": ["Esquivar"]
}`

// resolveView is the resolve form and, after a POST, the resolution or the
// error in the situation.
type resolveView struct {
	Situation  string
	Edition    string
	AsOf       string
	Error      string
	Resolution *engine.Resolution
	Data       report.DataVersion // the resolution's, its inferred times marked
	Groups     [][]roleGroup      // per conclusion
	Speaks     string             // the edition the resolution speaks for
	SpeaksNote string             // why that edition when none was asked ("" when asked)
}

func (v *resolveView) title(l *labels) string { return l.t("resolve.title") }

func (q *rq) resolvePage() error {
	r := q.r
	v := &resolveView{Situation: exampleSituation}
	if r.Method != http.MethodPost {
		q.render(http.StatusOK, "resolve", v)
		return nil
	}
	if err := r.ParseForm(); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return err
		}
		return badRequest("reading the form: %v", err)
	}
	v.Situation = strings.ToValidUTF8(r.PostForm.Get("situation"), "\uFFFD")
	v.Edition, v.AsOf = r.PostForm.Get("edition"), r.PostForm.Get("as_of")
	var sit engine.Situation
	opt, err := engineOptions(v.Edition, v.AsOf)
	if err == nil {
		err = decodeSituation(v.Situation, &sit)
	}
	if err != nil {
		v.Error = err.Error()
		q.render(http.StatusBadRequest, "resolve", v)
		return nil
	}
	opt.Lang = q.l.code // the conclusions speak the interface's language
	res, err := q.judge.Resolve(r.Context(), sit, opt)
	if err != nil {
		return err
	}
	v.Resolution, v.Data = res, report.DataOf(res.Data, res.Sources())
	for _, c := range res.Conclusions {
		v.Groups = append(v.Groups, q.groupSources(c.Sources))
	}
	v.Speaks = q.l.edition(res.Edition)
	if res.EditionDefaulted {
		v.Speaks, v.SpeaksNote = q.defaultedEdition(res.Edition, "edition.fallback")
	}
	q.render(http.StatusOK, "resolve", v)
	return nil
}

// decodeSituation reads a situation typed in the form, strictly (unknown
// fields and trailing data are errors that say where).
func decodeSituation(text string, sit *engine.Situation) error {
	if strings.TrimSpace(text) == "" {
		return badRequest("the situation is empty: type a JSON object")
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(sit); err != nil {
		return badRequest("bad JSON: %v", report.LocateJSONError([]byte(text), err))
	}
	if dec.More() {
		return badRequest("bad JSON: data after the first JSON value (byte %d)", dec.InputOffset())
	}
	return nil
}
