package extract

import (
	"sort"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/wikitext"
)

// Editions of a page and of its records.
//
// A record holds in the editions its edition block names ({{c1}} … → C1,
// {{n4list}} … → N4, an annex → N4) or, for one rendered paragraph, the
// edition its own words name ("In Infinity CodeOne a Hacker's Hacking
// Area…" → C1). Every other record inherits what the page shows, decided
// in this order:
//
//  1. what the page says or is drawn with — {{n4only}} and its sentence
//     ("This N4 rule is not used in CodeOne.") → N4; N5's templates
//     ({{css_skillbox}}, {{css_skillbox-end}}, {{n5-section-*}},
//     {{n5_weaponrow}}, the "n5table-dark" wikitable, "n5/" images, a
//     skill-label carrying Null/Nulo), N5's rendered box (the skill type on
//     its own line under the name, a LONG SKILL) and N5's wording
//     (Language.N5Wording: "Restriction:" bullets, "VITA", "Long Skill"…) →
//     N5; the old official wiki's site line ("From Infinity Wiki") → N3 —
//     counted only outside edition blocks;
//  2. the wiki, when it is a wiki of one edition (EditionRules.Wikis: the
//     old official wiki is N3's);
//  3. the convention of the N4 wikis: a page that separates CodeOne and N4
//     text in c1/n4 blocks holds the rest of its text in both → N4 and C1;
//  4. the era of its date (EditionRules.Eras): the revision's timestamp,
//     else the date its text shows ("Revision as of 11:10, 3 February
//     2021", else its newest dated update marker or FAQ version). The
//     records then carry Fields["editions_inferred"] = "date": the page did
//     not say it;
//  5. the N4 wikis' words: text using the terms N5 replaced
//     (Language.N4Wording: "Wounds Attribute", "Entire Order",
//     "Heridas/EST"…) or showing an N4 FAQ is of the N4 wikis → N4 and C1,
//     with Fields["editions_inferred"] = "wording";
//  6. the N4 wikis' skill box: a {{skillbox}} whose type is the null flag
//     ({{skillbox |red| DEAD | NULL}}, rendered "DEAD NULL" on the name's
//     line; N5's {{css_skillbox}} carries no null flag, which moved to
//     {{skill-label | Null}}) → N4 and C1, with
//     Fields["editions_inferred"] = "box".
//
// Update versions of one edition (EditionRules.Versions: "PDF 5.2" is
// N5's) and N5 FAQ titles count as N5 cues under 1.
//
// When none tells, the records keep the zero set — edition unknown, which
// no edition filter matches — and the extraction says so in a diagnostic.
// FAQ entries without an edition in their title inherit the same way.

// EditionRules are the data of the edition rule above.
type EditionRules struct {
	// TableClasses are wikitable classes of one edition ("n5table-dark").
	TableClasses map[string]wikirules.Editions
	// ImagePrefixes are image names of one edition's art ("n5/…").
	ImagePrefixes map[string]wikirules.Editions
	// Labels are skill labels (lower case) only one edition uses: N5 moved
	// the null flag of a state from the skillbox to {{skill-label | Null}}.
	Labels map[string]wikirules.Editions
	// Versions are update version prefixes of one edition ("PDF 5." →
	// N5: the N5 rules' PDF numbering).
	Versions map[string]wikirules.Editions
	// Wikis are the wikis of one edition, by wiki name; Sites the site
	// names of one edition a page header shows ("From Infinity Wiki").
	Wikis map[string]wikirules.Editions
	Sites map[string]wikirules.Editions
	// Eras date the editions: from each From (UTC) to the next, text that
	// shows no edition holds in Editions (none in the last era: N5 pages
	// are drawn with N5's templates, and a page that shows none may still
	// be N4 text nobody converted). Sorted by From.
	Eras []Era
}

// Era is a period of the wiki's history and the editions its text is taken
// to hold in when it shows none (see EditionRules).
//
// The default eras: the old official wiki of N3 (from the N3 rules,
// March 2014); the N4 and CodeOne wikis (from CodeOne, February 2020,
// whose rules the N4 pages written from April 2020 share: a page not
// marked {{n4only}} holds in both); N5 (from April 2025, the month of the
// wikis' first "N5 first version." revisions seen in the corpus).
type Era struct {
	From     time.Time
	Editions wikirules.Editions
}

// eraOf returns the editions of the era holding t (zero before the first
// era or when t is zero).
func (r *EditionRules) eraOf(t time.Time) wikirules.Editions {
	if t.IsZero() {
		return 0
	}
	eras := append([]Era(nil), r.Eras...)
	sort.Slice(eras, func(i, j int) bool { return eras[i].From.Before(eras[j].From) })
	var out wikirules.Editions
	for _, e := range eras {
		if !t.Before(e.From) {
			out = e.Editions
		}
	}
	return out
}

// templateCue returns the editions a layout template shows: furniture
// with an edition prefix ({{n5-section-*}} → N5), an image of one
// edition's art ({{image | name=n5/para-mine.png}}).
func (v *Vocabulary) templateCue(t *wikitext.Template, src string) wikirules.Editions {
	var out wikirules.Editions
	key := t.Key()
	for p, e := range v.EditionPrefixes {
		if strings.HasPrefix(key, p) {
			out |= e
		}
	}
	if prm := t.Param("name"); prm != nil {
		_, name := newRenderer(src, v).renderParam(prm)
		for p, e := range v.Editions.ImagePrefixes {
			if strings.HasPrefix(strings.ToLower(name), p) {
				out |= e
			}
		}
	}
	return out
}

// labelsCue returns the editions skill labels show (Null → N5).
func (v *Vocabulary) labelsCue(labels []string) wikirules.Editions {
	var out wikirules.Editions
	for _, l := range labels {
		out |= v.Editions.Labels[strings.ToLower(l)]
	}
	return out
}

// tableCue returns the editions a wikitable's class names ({| class="n5table-dark").
func (v *Vocabulary) tableCue(open string) wikirules.Editions {
	var out wikirules.Editions
	for class, e := range v.Editions.TableClasses {
		if strings.Contains(open, class) {
			out |= e
		}
	}
	return out
}

// wordingCue returns the editions the wording of a record's plain text
// shows (Language.N5Wording, N5Openings), in any language.
func (v *Vocabulary) wordingCue(plain string) wikirules.Editions {
	var out wikirules.Editions
	v.eachLanguage(func(l *Language) bool {
		for _, w := range l.N5Openings {
			if strings.HasPrefix(plain, w) {
				out = wikirules.Editions(wikirules.N5)
				return true
			}
		}
		for _, w := range l.N5Wording {
			if strings.Contains(plain, w) {
				out = wikirules.Editions(wikirules.N5)
				return true
			}
		}
		return false
	})
	return out
}

// recordEditions returns the editions a paragraph's own words scope it to
// ("In Infinity CodeOne" → C1), in any language.
func (v *Vocabulary) recordEditions(plain string) wikirules.Editions {
	var out wikirules.Editions
	v.eachLanguage(func(l *Language) bool {
		best := ""
		for k, e := range l.RecordEditions { // the first phrase by name, for a deterministic choice
			if (best == "" || k < best) && strings.Contains(plain, k) {
				best, out = k, e
			}
		}
		return best != ""
	})
	return out
}

// cue notes the editions a unit of the page shows (outside edition
// blocks: a block's text shows its own edition only).
func (p *pass) cue(e wikirules.Editions) {
	if e == 0 || p.inEditionBlock() {
		return
	}
	p.cues |= e
}

// inEditionBlock reports whether an edition block is open.
func (p *pass) inEditionBlock() bool {
	for _, f := range p.frames {
		if f.entry.Role == RoleEditionStart {
			return true
		}
	}
	return false
}

// recordCue scopes a record outside edition blocks to the edition its own
// words name ("In Infinity CodeOne a Hacker's Hacking Area…" → C1); two
// such records in a row naming different editions are alternatives of
// each other (the rendered form of a c1 block and the n4 block after it).
func (p *pass) recordCue(r *wikirules.Record) {
	if r.Editions != 0 {
		return
	}
	e := p.v.recordEditions(r.Plain)
	if e == 0 {
		return
	}
	r.Editions = e
	setField(r, "editions_cue", "text")
	if n := len(p.x.Records); n > 0 {
		prev := &p.x.Records[n-1]
		if prev.Fields["editions_cue"] == "text" && prev.Editions != e && prev.Kind == r.Kind {
			if prev.Alternative == "" {
				prev.Alternative = prev.ID
			}
			r.Alternative = prev.Alternative
		}
	}
}

// resolveEditions gives every record and FAQ entry without editions of
// its own the page's (see the rule at the top of this file), sets
// PageEditions to every edition the page holds, and reports a page whose
// editions cannot be told.
func (p *pass) resolveEditions() {
	base := p.cues | p.v.Editions.Wikis[p.rev.Page.Wiki]
	var scoped wikirules.Editions
	for _, r := range p.x.Records {
		if r.Kind != wikirules.KindFAQ && r.Kind != wikirules.KindErrata {
			scoped |= r.Editions
		}
	}
	const n4c1 = wikirules.Editions(wikirules.N4 | wikirules.C1)
	if base == 0 && scoped&n4c1 != 0 {
		base = n4c1 // the N4 wikis' convention: text outside c1/n4 blocks holds in both
	}
	inferred := ""
	if base == 0 {
		if e := p.v.Editions.eraOf(p.dateOf()); e != 0 {
			base, inferred = e, "date"
		}
	}
	if base == 0 && p.n4era {
		base, inferred = n4c1, "wording"
	}
	if base == 0 && p.n4box {
		base, inferred = n4c1, "box"
	}
	unknown := 0
	for i := range p.x.Records {
		r := &p.x.Records[i]
		if r.Editions != 0 {
			continue
		}
		if base == 0 {
			unknown++
			continue
		}
		r.Editions = base
		if inferred != "" {
			setField(r, "editions_inferred", inferred)
		}
	}
	for i := range p.x.FAQs {
		if p.x.FAQs[i].Editions == 0 {
			p.x.FAQs[i].Editions = base
		}
	}
	p.x.PageEditions = base
	for _, r := range p.x.Records {
		p.x.PageEditions |= r.Editions
	}
	if unknown > 0 {
		p.diag(0, "edition unknown: the page shows no edition (no {{n4only}}, edition block, N5 template or wording) "+
			"and no date places it; %d record(s) match no edition filter", unknown)
	}
}

// versionCue returns the editions an update's version names ("PDF 5.2,
// October 2025" → N5).
func (v *Vocabulary) versionCue(version string) wikirules.Editions {
	for p, e := range v.Editions.Versions {
		if strings.HasPrefix(version, p) {
			return e
		}
	}
	return 0
}

// n4Wording reports whether plain text uses the N4 wikis' terms
// (Language.N4Wording), in any language.
func (v *Vocabulary) n4Wording(plain string) bool {
	found := false
	v.eachLanguage(func(l *Language) bool {
		for _, w := range l.N4Wording {
			if strings.Contains(plain, w) {
				found = true
			}
		}
		return found
	})
	return found
}
