package web

import (
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
)

// params reads the query parameters every view shares: q (search text or
// question), edition, as_of, kind, history and n. Every value a user can
// type is checked here; a bad one is a 400 naming the parameter.
type params struct {
	q       string
	edition wikirules.Edition
	edName  string // "n4", "c1", "n5", "all" (asked for every edition) or "" (the default)
	asOf    time.Time
	asOfRaw string
	kinds   []wikirules.Kind
	history bool
	limit   int
}

// knownKinds are the kinds a search may be narrowed to, in the order the
// facet shows them (docs/DESIGN.md, "Citation").
var knownKinds = []wikirules.Kind{
	wikirules.KindErrata, wikirules.KindFAQ, wikirules.KindSkill, wikirules.KindRequirement,
	wikirules.KindEffect, wikirules.KindActivation, wikirules.KindCancellation, wikirules.KindImportant,
	wikirules.KindRemember, wikirules.KindNote, wikirules.KindRule, wikirules.KindExample,
	wikirules.KindWeapon, wikirules.KindProgram, wikirules.KindTemplate,
}

func isKnownKind(k wikirules.Kind) bool {
	for _, x := range knownKinds {
		if x == k {
			return true
		}
	}
	return false
}

// readParams parses r's query string. Text is made valid UTF-8 and
// trimmed; over MaxQueryBytes it is refused.
func readParams(r *http.Request) (*params, error) {
	v := r.URL.Query()
	p := &params{limit: defaultResults}
	q, err := cleanText("q", v.Get("q"), MaxQueryBytes)
	if err != nil {
		return nil, err
	}
	p.q = q
	if e := strings.TrimSpace(v.Get("edition")); e == "all" {
		p.edName = "all"
	} else if e != "" {
		ed, err := wikirules.ParseEdition(e)
		if err != nil {
			return nil, badRequest("edition: %v", err)
		}
		p.edition = ed
		p.edName = wikirules.Editions(ed).String()
	}
	if a := strings.TrimSpace(v.Get("as_of")); a != "" {
		t, err := wikirules.ParseDate(a)
		if err != nil {
			return nil, badRequest("as_of: %v", err)
		}
		p.asOf, p.asOfRaw = t, a
	}
	for _, k := range v["kind"] {
		for _, part := range strings.Split(k, ",") {
			part = strings.TrimSpace(part)
			if part == "" || part == "all" {
				continue
			}
			if !isKnownKind(wikirules.Kind(part)) {
				return nil, badRequest("kind %q: want one of %s", truncate(part, 40), kindList())
			}
			p.kinds = append(p.kinds, wikirules.Kind(part))
		}
	}
	switch h := v.Get("history"); h {
	case "", "0", "false":
	case "1", "true", "on":
		p.history = true
	default:
		return nil, badRequest("history %q: want 1 or 0", truncate(h, 20))
	}
	if n := v.Get("n"); n != "" {
		i, err := strconv.Atoi(n)
		if err != nil || i < 1 || i > MaxResults {
			return nil, badRequest("n %q: want a number from 1 to %d", truncate(n, 20), MaxResults)
		}
		p.limit = i
	}
	return p, nil
}

// filter is the store filter of the parameters.
func (p *params) filter() wikirules.Filter {
	return wikirules.Filter{Edition: p.edition, AsOf: p.asOf, History: p.history, Kinds: p.kinds, Limit: p.limit}
}

// options are the engine options of the parameters.
func (p *params) options() engine.Options {
	return engine.Options{Edition: p.edition, AsOf: p.asOf}
}

// kindParam is the kinds as one comma-separated value ("" for all).
func (p *params) kindParam() string {
	s := make([]string, len(p.kinds))
	for i, k := range p.kinds {
		s[i] = string(k)
	}
	return strings.Join(s, ",")
}

func kindList() string {
	s := make([]string, len(knownKinds))
	for i, k := range knownKinds {
		s[i] = string(k)
	}
	return strings.Join(s, ", ")
}

// cleanText returns s trimmed, with invalid UTF-8 and NUL bytes replaced,
// or a 400 error naming the parameter when it is longer than max bytes.
func cleanText(name, s string, max int) (string, error) {
	if len(s) > max {
		return "", badRequest("%s is %d bytes long: at most %d are accepted", name, len(s), max)
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\x00", " ")
	return strings.TrimSpace(s), nil
}

// pageTitle reads the {title} path value: a page title, made valid UTF-8
// and with "_" read as a space (MediaWiki's URL form). Empty or over
// MaxTitleBytes is a 400.
func pageTitle(r *http.Request) (string, error) {
	t := r.PathValue("title")
	if len(t) > MaxTitleBytes {
		return "", badRequest("page title is %d bytes long: at most %d are accepted", len(t), MaxTitleBytes)
	}
	t = strings.ToValidUTF8(t, "\uFFFD")
	t = strings.TrimSpace(strings.ReplaceAll(t, "_", " "))
	if t == "" {
		return "", badRequest("no page title given")
	}
	return t, nil
}

// truncate cuts s to at most n runes, adding "…" when it cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// Q is the search text or question, for templates.
func (p *params) Q() string { return p.q }

// EditionName is "n4", "c1", "n5", "all" or "" (the default), for
// templates.
func (p *params) EditionName() string { return p.edName }

// History reports whether superseded text is shown, for templates.
func (p *params) History() bool { return p.history }

// AsOf is the as_of date as typed, for templates.
func (p *params) AsOf() string { return p.asOfRaw }

// Kind is the kind filter as one value, for templates.
func (p *params) Kind() string { return p.kindParam() }

// pageParams reads the query string (readParams) and the {title} path
// value (pageTitle) of a request for one page.
func pageParams(r *http.Request) (*params, string, error) {
	p, err := readParams(r)
	if err != nil {
		return nil, "", err
	}
	title, err := pageTitle(r)
	return p, title, err
}
