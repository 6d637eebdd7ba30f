package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"

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
func groupSources(sources []engine.Source) []roleGroup {
	var out []roleGroup
	for i, src := range sources {
		if len(out) == 0 || out[len(out)-1].Role != src.Role {
			out = append(out, roleGroup{Role: src.Role})
		}
		superseded := src.Record != nil && src.Record.Superseded
		g := &out[len(out)-1]
		g.Sources = append(g.Sources, sourceView{Source: src, N: i + 1, URL: citeURL(src.Citation, superseded)})
	}
	return out
}

// askView is the ask page: the form and, when a question was asked, the
// answer with its sources grouped by role.
type askView struct {
	P      *params
	Answer *engine.Answer
	Groups []roleGroup
}

func (v *askView) title() string {
	if v.P.q == "" {
		return "Ask"
	}
	return v.P.q + " — ask"
}

func (s *Server) askPage(w http.ResponseWriter, r *http.Request) error {
	p, err := readParams(r)
	if err != nil {
		return err
	}
	v := &askView{P: p}
	if p.q != "" {
		a, err := s.deps.Judge.Ask(r.Context(), p.q, p.options())
		if err != nil {
			return err
		}
		v.Answer, v.Groups = a, groupSources(a.Sources)
	}
	s.render(w, r, http.StatusOK, "ask", v)
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
	Groups     [][]roleGroup // per conclusion
}

func (v *resolveView) title() string { return "Resolve a situation" }

func (s *Server) resolvePage(w http.ResponseWriter, r *http.Request) error {
	v := &resolveView{Situation: exampleSituation}
	if r.Method != http.MethodPost {
		s.render(w, r, http.StatusOK, "resolve", v)
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
		s.render(w, r, http.StatusBadRequest, "resolve", v)
		return nil
	}
	res, err := s.deps.Judge.Resolve(r.Context(), sit, opt)
	if err != nil {
		return err
	}
	v.Resolution = res
	for _, c := range res.Conclusions {
		v.Groups = append(v.Groups, groupSources(c.Sources))
	}
	s.render(w, r, http.StatusOK, "resolve", v)
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
