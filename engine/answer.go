package engine

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
)

// Role is the weight of a quoted source in an answer.
type Role string

// Roles, in order of weight.
const (
	RoleDeciding   Role = "deciding"   // the source that decides the question
	RoleSupporting Role = "supporting" // agrees with it, or is the rule it extends
	RoleOverridden Role = "overridden" // loses to it by precedence
)

// NotFound is what an answer says when nothing in the knowledge base
// decides a question.
const NotFound = "not found in the knowledge base"

// Source is one quoted source of an answer or a resolution: a record or an
// FAQ entry, its text as quoted (for an FAQ "Q: … A: …"), its role, why it
// has that role (Reason), its relevance to the question (Score, 0–1+) and
// its citation. Record or FAQ holds the full entry. Quote is the text as
// it stands alone: a bullet under its lead-in (the parent bullet or the
// paragraph that opens its list), a lead-in with the bullets it
// introduces; LeadIn is that lead-in's text.
type Source struct {
	Role     Role               `json:"role"`
	Kind     wikirules.Kind     `json:"kind"`
	Page     string             `json:"page"`
	Title    string             `json:"title,omitempty"`
	Text     string             `json:"text"`
	Quote    string             `json:"quote,omitempty"`
	LeadIn   string             `json:"lead_in,omitempty"`
	Notes    []string           `json:"notes,omitempty"`
	Version  string             `json:"version,omitempty"`
	Reason   string             `json:"reason,omitempty"`
	Score    float64            `json:"score,omitempty"`
	Citation wikirules.Citation `json:"citation"`
	Record   *wikirules.Record  `json:"-"`
	FAQ      *wikirules.FAQ     `json:"-"`
}

// Answer is the engine's answer to a question.
//
// Found is false when nothing decides it: Verdict is then NotFound and
// Sources is empty. Otherwise Sources are in order of weight: the deciding
// source first, then the supporting ones, then those it overrides.
// Verdict is the short answer where the deciding source entails one
// ("Sí", "No", "MOD -3", "5 cm"), else Labels.SeeDeciding. Edition is the edition the answer
// speaks for ("n4"), EditionDefaulted true when none was asked. AsOf is set
// when the answer was pinned to a date; Data lists the revisions and FAQ
// versions quoted (the data version). Notes says what the reader should
// know (the edition default, the as-of pin, near misses).
//
// Language is the question's language ("es", "en"), Labels the words of
// an answer card in it. Nearest lists the pages nearest to the question
// when nothing decides it (the pages to read).
type Answer struct {
	Question         string      `json:"question"`
	Language         string      `json:"language"`
	Labels           Labels      `json:"labels"`
	Found            bool        `json:"found"`
	Verdict          string      `json:"verdict"`
	Edition          string      `json:"edition"`
	EditionDefaulted bool        `json:"edition_defaulted,omitempty"`
	AsOf             *time.Time  `json:"as_of,omitempty"`
	Sources          []Source    `json:"sources"`
	Nearest          []string    `json:"nearest,omitempty"`
	Data             DataVersion `json:"data_version"`
	Notes            []string    `json:"notes,omitempty"`
}

// DataVersion is the state of the knowledge base an answer speaks for: the
// revision of every page quoted and the version of every FAQ quoted.
type DataVersion struct {
	Revisions   []PageRevision `json:"revisions"`
	FAQVersions []string       `json:"faq_versions,omitempty"`
}

// PageRevision names one revision of a page by id and timestamp.
type PageRevision struct {
	Page      string    `json:"page"`
	Revision  string    `json:"revision"`
	Timestamp time.Time `json:"timestamp,omitzero"`
}

// Deciding returns the deciding source, or nil when nothing decides.
func (a *Answer) Deciding() *Source {
	if len(a.Sources) > 0 && a.Sources[0].Role == RoleDeciding {
		return &a.Sources[0]
	}
	return nil
}

// ByRole returns the sources with role r, in order.
func (a *Answer) ByRole(r Role) []Source {
	var out []Source
	for _, s := range a.Sources {
		if s.Role == r {
			out = append(out, s)
		}
	}
	return out
}

// recordSource returns the source quoting record r.
func recordSource(r *wikirules.Record, role Role, reason string) Source {
	text := r.Text
	if text == "" {
		text = r.Plain
	}
	return Source{
		Role: role, Kind: r.Kind, Page: r.Page, Title: r.Title, Text: text, Notes: r.Notes,
		Version: r.Version, Reason: reason, Citation: wikirules.CitationOf(*r), Record: r,
	}
}

// faqSource returns the source quoting FAQ f as shown on page ("" = its
// first page), its question and answer opened with l's labels.
func faqSource(f *wikirules.FAQ, page string, role Role, reason string, l Labels) Source {
	c := wikirules.CitationOfFAQ(*f, page)
	return Source{
		Role: role, Kind: wikirules.Kind(f.Type), Page: c.Page, Title: f.Title,
		Text: FAQText(f, l), Version: f.Version, Reason: reason,
		Citation: c, FAQ: f,
	}
}

// FAQText is FAQ entry f as an answer quotes it, its question and answer
// opened with l's labels: "P: ¿…?\nR: …" in Spanish, "Q: …\nA: …".
func FAQText(f *wikirules.FAQ, l Labels) string {
	return l.FAQQuestion + " " + f.Question + "\n" + l.FAQAnswer + " " + f.Answer
}

// dataVersion collects the revisions and FAQ versions of the sources.
func dataVersion(sources []Source) DataVersion {
	dv := DataVersion{Revisions: []PageRevision{}}
	seenRev := map[string]bool{}
	seenFAQ := map[string]bool{}
	for _, s := range sources {
		if s.FAQ != nil {
			v := strings.TrimSpace(s.FAQ.Title + " " + s.FAQ.Version)
			if !seenFAQ[v] {
				seenFAQ[v] = true
				dv.FAQVersions = append(dv.FAQVersions, v)
			}
			continue
		}
		c := s.Citation
		if c.Revision == "" || seenRev[c.Revision] {
			continue
		}
		seenRev[c.Revision] = true
		dv.Revisions = append(dv.Revisions, PageRevision{Page: c.Page, Revision: c.Revision, Timestamp: c.Timestamp})
	}
	sort.SliceStable(dv.Revisions, func(i, j int) bool { return dv.Revisions[i].Page < dv.Revisions[j].Page })
	return dv
}

// newAnswer returns an empty answer to question in v's language, with the
// edition it speaks for (opt's, else the newest the knowledge base holds,
// named in a note) and the as-of note.
func (e *Engine) newAnswer(ctx context.Context, question string, v *Vocabulary, opt Options) (*Answer, error) {
	if err := e.init(ctx); err != nil {
		return nil, err
	}
	a := &Answer{Question: question, Language: v.Language, Labels: v.Labels, Sources: []Source{},
		Data: DataVersion{Revisions: []PageRevision{}}}
	ed := opt.Edition
	if ed == 0 {
		ed = e.newest
		a.EditionDefaulted = true
		a.Notes = append(a.Notes, v.reason("edition-default", strings.ToUpper(wikirules.Editions(ed).String())))
	}
	a.Edition = wikirules.Editions(ed).String()
	if !opt.AsOf.IsZero() {
		t := opt.AsOf.UTC()
		a.AsOf = &t
		a.Notes = append(a.Notes, v.reason("as-of", t.Format("2006-01-02 15:04 MST")))
	}
	return a, nil
}

// filterFor returns the store filter an answer speaks for: its edition
// and as-of date.
func (e *Engine) filterFor(a *Answer) wikirules.Filter {
	f := wikirules.Filter{}
	if ed, err := wikirules.ParseEdition(a.Edition); err == nil {
		f.Edition = ed
	}
	if a.AsOf != nil {
		f.AsOf = *a.AsOf
	}
	return f
}
