package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
)

// Situation is a game situation to resolve, in the shape of the judge
// cases (testdata/judge-examples.json): the turn ("active" or
// "reactive"), the skills of the order declared (page titles, e.g.
// ["Mover", "Mover"]), the ARO declared, the states of the trooper,
// the marker the active trooper is (e.g. "IMP-2"), a Dodge roll's
// conditions and a Burst.
type Situation struct {
	Turn           string          `json:"turn,omitempty"`
	Order          []string        `json:"order,omitempty"`
	ARO            string          `json:"aro,omitempty"`
	States         []string        `json:"states,omitempty"`
	ActiveIsMarker string          `json:"active_is_marker,omitempty"`
	Dodge          *DodgeSituation `json:"dodge,omitempty"`
	Burst          *BurstSituation `json:"burst,omitempty"`
}

// DodgeSituation is what matters for a Dodge roll's modifier: dodging a
// template weapon, which is a deployable weapon (a mine), with or without
// LoF to the attacker, and an ARO against an active trooper inside the ZoC
// but out of LoF.
type DodgeSituation struct {
	Template      bool  `json:"template"`
	Deployable    bool  `json:"deployable"`
	LoFToAttacker *bool `json:"lof_to_attacker,omitempty"`
	ZoCWithoutLoF bool  `json:"zoc_without_lof,omitempty"`
}

// BurstSituation is an attack's Burst: the weapon's base value and the
// modifiers to it.
type BurstSituation struct {
	Base int   `json:"base"`
	Mods []int `json:"mods,omitempty"`
}

// Conclusion is one finding of a resolution: what it is about (Topic:
// "order", "aro", "marker", "state Trabado", "dodge", "burst"), its status
// (StatusValid …), its verdict ("valid", "invalid: …", "unknown: no record
// for X", or a value such as "FIS -3" or "3"), an explanation and the
// records it used, each cited. Verdict, Explanation and the sources'
// reasons speak Options.Lang (the "resolve-" reasons of the vocabulary);
// Topic and Status are identifiers and do not change with it.
type Conclusion struct {
	Topic       string   `json:"topic"`
	Status      string   `json:"status"`
	Verdict     string   `json:"verdict"`
	Explanation string   `json:"explanation"`
	Sources     []Source `json:"sources"`
}

// Conclusion statuses.
const (
	StatusValid   = "valid"
	StatusInvalid = "invalid"
	StatusUnknown = "unknown" // no record decides
	StatusValue   = "value"   // a value found: a Dodge roll, a Burst
)

// Resolution is the engine's resolution of a situation. Verdict sums the
// conclusions: the first invalid one, else the first unknown one, else the
// values found (Dodge, Burst) joined by "; ", else "valid".
type Resolution struct {
	Situation        Situation    `json:"situation"`
	Verdict          string       `json:"verdict"`
	Conclusions      []Conclusion `json:"conclusions"`
	Edition          string       `json:"edition"`
	EditionDefaulted bool         `json:"edition_defaulted,omitempty"`
	AsOf             *time.Time   `json:"as_of,omitempty"`
	Data             DataVersion  `json:"data_version"`
	Notes            []string     `json:"notes,omitempty"`
}

// Sources returns the sources of every conclusion, in order.
func (r *Resolution) Sources() []Source {
	var out []Source
	for _, c := range r.Conclusions {
		out = append(out, c.Sources...)
	}
	return out
}

// Resolve resolves a situation from facts read out of the records as opt
// pins them: an order's skills combine as the "Composición de una Orden"
// bullets of Activación de una Tropa allow, with each skill's type read
// from its skill box; an ARO needs a skill box typed ORA, and against a
// marker only the AROs its page lists; a state allows what its effect
// bullets list, plus what an FAQ or errata related to it allows; Dodge
// applies one MOD however many of its conditions hold when the important
// box or an errata says so; Burst modifiers apply in the Active Turn only,
// never above the maximum the Módulo de Combate states, and an ARO has
// Burst 1. Anything missing gives "unknown: no record for X". Errors come
// from the store.
func (e *Engine) Resolve(ctx context.Context, s Situation, opt Options) (*Resolution, error) {
	r, err := e.resolve(ctx, s, opt)
	if err != nil || !r.EditionDefaulted || unknowns(r) == 0 {
		return r, err
	}
	// The newest edition holds no record for part of the situation: the
	// newest older edition that leaves less of it unknown resolves it, and
	// says so.
	best := r
	newest, _ := wikirules.ParseEdition(r.Edition)
	for _, ed := range e.olderEditions(newest) {
		o := opt
		o.Edition = ed
		b, err := e.resolve(ctx, s, o)
		if err != nil {
			return nil, err
		}
		if unknowns(b) < unknowns(best) {
			best = b
		}
	}
	if best != r {
		best.EditionDefaulted = true
		best.Notes = append(best.Notes, vocabFor(opt.resolveLang()).reason("edition-fallback",
			strings.ToUpper(r.Edition), strings.ToUpper(best.Edition)))
	}
	return best, nil
}

// unknowns counts the conclusions of r that no record decides.
func unknowns(r *Resolution) int {
	n := 0
	for _, c := range r.Conclusions {
		if c.Status == StatusUnknown {
			n++
		}
	}
	if len(r.Conclusions) == 0 {
		n++
	}
	return n
}

// resolve resolves s in opt's edition, else the newest the knowledge base
// holds.
func (e *Engine) resolve(ctx context.Context, s Situation, opt Options) (*Resolution, error) {
	if err := e.init(ctx); err != nil {
		return nil, err
	}
	v := vocabFor(opt.resolveLang())
	a, err := e.newAnswer(ctx, "", v, opt)
	if err != nil {
		return nil, err
	}
	r := &Resolution{Situation: s, Edition: a.Edition, EditionDefaulted: a.EditionDefaulted, AsOf: a.AsOf, Notes: a.Notes}
	rs := &resolver{e: e, f: e.filterFor(a), v: v, skills: map[string]*skillFact{}}
	steps := []func(context.Context, Situation) ([]Conclusion, error){rs.order, rs.aro, rs.marker, rs.states, rs.dodge, rs.burst}
	for _, step := range steps {
		cs, err := step(ctx, s)
		if err != nil {
			return nil, err
		}
		r.Conclusions = append(r.Conclusions, cs...)
	}
	if len(r.Conclusions) == 0 {
		r.Conclusions = []Conclusion{}
		r.Verdict = v.reason("resolve-nothing")
	} else {
		r.Verdict = sumUp(r.Conclusions, v)
	}
	r.Data = dataVersion(r.Sources())
	return r, nil
}

// resolveLanguage is the vocabulary whose page titles the resolver tries
// first when it looks a page up by its role (rolePage); the words of a
// resolution follow Options.Lang.
const resolveLanguage = "en"

// resolveLang is the language of a resolution's verdicts, explanations and
// notes: Lang when it is "es" or "en", else English.
func (o Options) resolveLang() string {
	if o.Lang == "es" {
		return "es"
	}
	return "en"
}

// sumUp returns the overall verdict of conclusions, in v's words.
func sumUp(cs []Conclusion, v *Vocabulary) string {
	for _, c := range cs {
		if c.Status == StatusInvalid {
			return c.Verdict
		}
	}
	for _, c := range cs {
		if c.Status == StatusUnknown {
			return c.Verdict
		}
	}
	var values []string
	for _, c := range cs {
		if c.Status != StatusValid {
			values = append(values, c.Verdict)
		}
	}
	if len(values) > 0 {
		return strings.Join(values, "; ")
	}
	return v.reason("resolve-valid")
}

// resolver holds the state of one Resolve call.
type resolver struct {
	e      *Engine
	f      wikirules.Filter
	v      *Vocabulary // the language of the conclusions (Options.Lang)
	skills map[string]*skillFact
}

// page returns the view of a page named title (or a glossary synonym of
// it, so "Dodge" finds Esquivar), nil when the knowledge base has none.
func (rs *resolver) page(ctx context.Context, title string) (*wikirules.PageView, error) {
	names := append([]string{title}, rs.e.gloss.Synonyms(title)...)
	for _, n := range names {
		v, err := rs.e.store.Page(ctx, n, rs.f)
		if errors.Is(err, wikirules.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("engine: page %q: %w", n, err)
		}
		if len(v.Records) == 0 {
			continue // nothing holds in this edition / at this date
		}
		return v, nil
	}
	return nil, nil
}

// unknown is the conclusion of a topic no record decides; what names the
// missing record in rs.v's words.
func (rs *resolver) unknown(topic, what string) Conclusion {
	return Conclusion{Topic: topic, Status: StatusUnknown, Verdict: rs.v.reason("resolve-unknown-verdict", what),
		Explanation: rs.v.reason("resolve-unknown-explanation", what), Sources: []Source{}}
}

// valid and invalid set c's status and verdict: invalid's why is in rs.v's
// words already.
func (rs *resolver) valid(c *Conclusion) {
	c.Status, c.Verdict = StatusValid, rs.v.reason("resolve-valid")
}

func (rs *resolver) invalid(c *Conclusion, why string) {
	c.Status, c.Verdict = StatusInvalid, rs.v.reason("resolve-invalid", why)
}

func cite(r *wikirules.Record, reason string) Source { return recordSource(r, RoleSupporting, reason) }
