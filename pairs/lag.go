package pairs

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
)

// Side is what one page of a pair shows of how new it is.
type Side struct {
	PageRef
	Revision string    `json:"revision"`
	Time     time.Time `json:"timestamp,omitzero"`
	// TimeInferred: the time is read from the page's newest update marker
	// (a rendered page); Undated: the page shows no date at all.
	TimeInferred bool `json:"timestamp_inferred,omitempty"`
	Undated      bool `json:"undated,omitempty"`
	// Edition is the newest edition the page's current text holds ("n5"),
	// "" when it shows none (edition unknown).
	Edition string `json:"edition,omitempty"`
	// Update is the newest update version of its records ("1.1.1, dic
	// 2021"), "" when none.
	Update string `json:"update,omitempty"`
	// FAQ is the newest version of each FAQ series it shows ("N4 FAQ" →
	// "1.0, enero 2021").
	FAQ map[string]string `json:"faq,omitempty"`
	// Current is the record a warning cites: the page's skill header, else
	// its first rule record.
	Current *wikirules.Citation `json:"current,omitempty"`
}

// Ahead is one way a side is newer than its twin: the criterion
// ("edition", "update", "faq", "date") and both sides' values.
type Ahead struct {
	By     string `json:"by"`
	Series string `json:"series,omitempty"` // the FAQ series of an "faq" criterion
	Newer  string `json:"newer"`
	Older  string `json:"older"`
}

// Lag is a pair with both sides' state and which side is ahead.
type Lag struct {
	Pair
	Sides [2]Side `json:"sides"` // Spanish, English
	// Newer is the language of the newer side ("es", "en"), "" when
	// neither is newer by any criterion that tells (or they disagree:
	// Disagree is then set).
	Newer    string    `json:"newer,omitempty"`
	Disagree bool      `json:"disagree,omitempty"`
	Why      []Ahead   `json:"why,omitempty"`
	Align    Alignment `json:"alignment"`
}

// Behind returns the language of the side that lags ("" when none).
func (l *Lag) Behind() string {
	switch l.Newer {
	case "es":
		return "en"
	case "en":
		return "es"
	}
	return ""
}

// SideOf returns the side in language lang.
func (l *Lag) SideOf(language string) *Side {
	if language == "en" {
		return &l.Sides[1]
	}
	return &l.Sides[0]
}

// Lags compares every pair of s, reading each side's current records from
// db.
func Lags(ctx context.Context, db *kb.DB, s *Set) ([]Lag, error) {
	out := make([]Lag, 0, len(s.Pairs))
	for _, p := range s.Pairs {
		l, err := LagOf(ctx, db, s, p)
		if err != nil {
			return nil, err
		}
		out = append(out, *l)
	}
	return out, nil
}

// LagOf compares the two sides of one pair of s.
func LagOf(ctx context.Context, db *kb.DB, s *Set, p Pair) (*Lag, error) {
	l := &Lag{Pair: p}
	var recs [2][]wikirules.Record
	for i, ref := range []PageRef{p.ES, p.EN} {
		cp := s.Page(ref)
		if cp == nil {
			continue
		}
		rs, err := db.RevisionRecords(ctx, cp.Revision.ID)
		if err != nil {
			return nil, err
		}
		recs[i] = rs
		l.Sides[i] = sideOf(cp, rs)
	}
	l.Align = Align(recs[0], recs[1])
	l.compare()
	return l, nil
}

// sideOf reads a side's state from its page and current records.
func sideOf(cp *kb.CurrentPage, recs []wikirules.Record) Side {
	sd := Side{PageRef: PageRef{Wiki: cp.Page.Wiki, Language: cp.Page.Language, Title: cp.Page.Title},
		Revision: cp.Revision.ID, Time: cp.Revision.Timestamp, TimeInferred: cp.Revision.TimestampInferred,
		Undated: cp.Revision.Timestamp.IsZero()}
	eds := cp.PageEditions
	var current *wikirules.Record
	for i := range recs {
		r := &recs[i]
		// An FAQ entry shown as withdrawn ("Version: Removed in 1.3, Nov
		// 2022 1.0, Jan 2021"; superseded, as it is no longer in force)
		// shows its series at the withdrawing version at least.
		if rm := r.Fields["removed"]; rm != "" && r.Title != "" && (r.Kind == wikirules.KindFAQ || r.Kind == wikirules.KindErrata) {
			if sd.FAQ == nil {
				sd.FAQ = map[string]string{}
			}
			if old, ok := sd.FAQ[r.Title]; !ok || compareVersions(rm, old) > 0 {
				sd.FAQ[r.Title] = rm
			}
		}
		if r.Superseded {
			continue
		}
		if cp.PageEditions == 0 {
			eds |= r.Editions
		}
		switch r.Kind {
		case wikirules.KindFAQ, wikirules.KindErrata:
			if r.Title != "" && r.Version != "" {
				if sd.FAQ == nil {
					sd.FAQ = map[string]string{}
				}
				if old, ok := sd.FAQ[r.Title]; !ok || compareVersions(r.Version, old) > 0 {
					sd.FAQ[r.Title] = r.Version
				}
			}
			continue
		}
		if r.Version != "" && (sd.Update == "" || compareVersions(r.Version, sd.Update) > 0) {
			sd.Update = r.Version
		}
		if current == nil || (r.Kind == wikirules.KindSkill && current.Kind != wikirules.KindSkill) {
			current = r
		}
	}
	if e := newestEdition(eds); e != 0 {
		sd.Edition = wikirules.Editions(e).String()
	}
	if current != nil {
		c := wikirules.CitationOf(*current)
		sd.Current = &c
	}
	return sd
}

// editionRank orders editions by age: N3, then N4 and CodeOne (CodeOne is
// N4's simplified companion, not a newer edition), then N5.
func editionRank(e wikirules.Edition) int {
	switch e {
	case wikirules.N3:
		return 1
	case wikirules.N4, wikirules.C1:
		return 2
	case wikirules.N5:
		return 3
	}
	return 0
}

// newestEdition returns the newest edition of s (N4 over CodeOne when
// both), 0 for the empty set.
func newestEdition(s wikirules.Editions) wikirules.Edition {
	var best wikirules.Edition
	for _, e := range []wikirules.Edition{wikirules.N3, wikirules.C1, wikirules.N4, wikirules.N5} {
		if s.Has(e) && editionRank(e) >= editionRank(best) {
			best = e
		}
	}
	return best
}

// compare sets Newer and Why: edition, update version and FAQ versions
// are each a criterion; the date counts only when the aligned records
// differ in substance, no other criterion tells, and both sides carry
// their revision's own time (not one inferred from a marker). Criteria that point
// to both sides leave Newer empty and set Disagree.
func (l *Lag) compare() {
	es, en := &l.Sides[0], &l.Sides[1]
	vote := map[string]bool{}
	add := func(by, series, newerLang, newer, older string) {
		vote[newerLang] = true
		l.Why = append(l.Why, Ahead{By: by, Series: series, Newer: newer, Older: older})
	}
	if ea, eb := edition(es.Edition), edition(en.Edition); ea != 0 && eb != 0 && editionRank(ea) != editionRank(eb) {
		if editionRank(ea) > editionRank(eb) {
			add("edition", "", "es", es.Edition, en.Edition)
		} else {
			add("edition", "", "en", en.Edition, es.Edition)
		}
	}
	if c := compareVersions(es.Update, en.Update); es.Update != "" && en.Update != "" && c != 0 {
		if c > 0 {
			add("update", "", "es", es.Update, en.Update)
		} else {
			add("update", "", "en", en.Update, es.Update)
		}
	}
	for series, v := range es.FAQ {
		w, ok := en.FAQ[series]
		if !ok {
			continue
		}
		if c := compareVersions(v, w); c > 0 {
			add("faq", series, "es", v, w)
		} else if c < 0 {
			add("faq", series, "en", w, v)
		}
	}
	if len(vote) == 0 && l.Align.Substantive > 0 && datedExactly(es) && datedExactly(en) && !es.Time.Equal(en.Time) {
		f := func(t time.Time) string { return t.UTC().Format("2006-01-02") }
		if es.Time.After(en.Time) {
			add("date", "", "es", f(es.Time), f(en.Time))
		} else {
			add("date", "", "en", f(en.Time), f(es.Time))
		}
	}
	switch {
	case vote["es"] && vote["en"]:
		l.Disagree = true
	case vote["es"]:
		l.Newer = "es"
	case vote["en"]:
		l.Newer = "en"
	}
}

// datedExactly reports whether a side's time is its revision's own: not
// undated, nor inferred from the month of an update marker.
func datedExactly(s *Side) bool { return !s.Time.IsZero() && !s.TimeInferred }

func edition(name string) wikirules.Edition {
	e, err := wikirules.ParseEdition(name)
	if err != nil {
		return 0
	}
	return e
}

// version is an update or FAQ version as the wiki writes it ("1.1.1, dic
// 2021", "PDF 2.1, July 2023", "0.0.0, Oct 2025"): the words before the
// number ("PDF"), the number's parts, and the month it names.
type version struct {
	label string
	parts []int
	month time.Time
}

var versionRe = regexp.MustCompile(`^\s*([^\d,]*?)\s*(\d+(?:\.\d+)*)`)

var monthRe = regexp.MustCompile(`(?i)\b([a-zé]{3,10})\.?\s+(\d{4})\b`)

// months are the Spanish and English month names and abbreviations the
// wiki writes in versions.
var months = map[string]time.Month{
	"ene": 1, "enero": 1, "jan": 1, "january": 1, "feb": 2, "febrero": 2, "february": 2,
	"mar": 3, "marzo": 3, "march": 3, "abr": 4, "abril": 4, "apr": 4, "april": 4,
	"may": 5, "mayo": 5, "jun": 6, "junio": 6, "june": 6, "jul": 7, "julio": 7, "july": 7,
	"ago": 8, "agosto": 8, "aug": 8, "august": 8, "sep": 9, "sept": 9, "septiembre": 9, "setiembre": 9,
	"september": 9, "oct": 10, "octubre": 10, "october": 10, "nov": 11, "noviembre": 11, "november": 11,
	"dic": 12, "diciembre": 12, "dec": 12, "december": 12,
}

func parseVersion(s string) version {
	var v version
	if m := versionRe.FindStringSubmatch(s); m != nil {
		v.label = strings.ToLower(strings.TrimSpace(m[1]))
		for _, p := range strings.Split(m[2], ".") {
			n, _ := strconv.Atoi(p)
			v.parts = append(v.parts, n)
		}
	}
	for _, m := range monthRe.FindAllStringSubmatch(s, -1) {
		if mo, ok := months[strings.ToLower(m[1])]; ok {
			y, _ := strconv.Atoi(m[2])
			v.month = time.Date(y, mo, 1, 0, 0, 0, 0, time.UTC)
			break
		}
	}
	return v
}

// compareVersions orders two versions: by number when they carry the same
// label ("1.1" < "1.1.1"; "PDF 2.1" against "PDF 2.0"), else by the
// month they name when both name one; 0 when nothing tells (or either is
// empty).
func compareVersions(a, b string) int {
	if a == "" || b == "" {
		return 0
	}
	va, vb := parseVersion(a), parseVersion(b)
	if va.parts != nil && vb.parts != nil && va.label == vb.label {
		for i := 0; i < max(len(va.parts), len(vb.parts)); i++ {
			x, y := at(va.parts, i), at(vb.parts, i)
			if x != y {
				if x < y {
					return -1
				}
				return 1
			}
		}
		return 0
	}
	if !va.month.IsZero() && !vb.month.IsZero() {
		return va.month.Compare(vb.month)
	}
	return 0
}

func at(p []int, i int) int {
	if i < len(p) {
		return p[i]
	}
	return 0
}
