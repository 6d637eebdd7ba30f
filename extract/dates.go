package extract

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
)

// Dating is what a rendered revision shows of when it was written. A
// rendered page has no timestamp of its own; its reader dates it with
// Time and orders it among the page's other revisions with CompareDatings.
type Dating struct {
	// Revision is the revision's own time as an old revision's page shows
	// it ("Revision as of 11:10, 3 February 2021", "Revisión del 13:56 12
	// jun 2020"): MediaWiki writes it in the wiki's time zone, read here as
	// UTC. It is the revision's real time, not an inference. Zero when the
	// page does not show it (an article as it stands).
	Revision time.Time
	// Newest is the first day (00:00 UTC) of the month of the newest dated
	// marker the page shows — an update ("Update PDF 2.1, July 2023"), an
	// FAQ version or withdrawal ("Version: 0.0.0, Oct 2025") — and
	// NewestCue is that marker's text: the revision is at least that new.
	// Zero when none is dated.
	Newest    time.Time
	NewestCue string
	// Editions are the editions the page shows (its Extraction's
	// PageEditions): an N5 snapshot is newer than an N4 one of the same
	// page, whatever their markers say.
	Editions wikirules.Editions
}

// Time returns the time to store for the revision: the revision's own
// time when the page shows it (inferred false), else the newest dated
// marker (inferred true), else the zero time (undated).
func (d Dating) Time() (t time.Time, inferred bool) {
	switch {
	case !d.Revision.IsZero():
		return d.Revision, false
	case !d.Newest.IsZero():
		return d.Newest, true
	}
	return time.Time{}, false
}

// CompareDatings orders two revisions of one page by what they show: -1
// when a is older than b, +1 when newer, 0 when nothing tells. The newest
// edition a revision shows decides first (N3 < N4, CodeOne < N5: a page
// showing N5 text is newer than one showing only N4 text); then their
// times (Time), when both have one.
func CompareDatings(a, b Dating) int {
	if ea, eb := newestEdition(a.Editions), newestEdition(b.Editions); ea != eb && ea != 0 && eb != 0 {
		if ea < eb {
			return -1
		}
		return 1
	}
	ta, _ := a.Time()
	tb, _ := b.Time()
	switch {
	case ta.IsZero() || tb.IsZero() || ta.Equal(tb):
		return 0
	case ta.Before(tb):
		return -1
	}
	return 1
}

// newestEdition ranks the newest edition of a set: 1 N3, 2 N4 or CodeOne,
// 3 N5, 0 for the zero set.
func newestEdition(s wikirules.Editions) int {
	switch {
	case s.Has(wikirules.N5):
		return 3
	case s.Has(wikirules.N4) || s.Has(wikirules.C1):
		return 2
	case s.Has(wikirules.N3):
		return 1
	}
	return 0
}

// Dates returns what a rendered revision shows of its date, read with the
// Default vocabulary.
func Dates(rev wikirules.Revision) Dating { return Default().Dates(rev) }

// Dates returns what a rendered revision (FormatPageText or FormatHTML)
// shows of its date: the revision line of an old revision, the newest
// dated marker, and the editions its extraction finds (rev.Timestamp is
// not used: the dating is the page's own).
func (v *Vocabulary) Dates(rev wikirules.Revision) Dating {
	d := v.textDates(rev)
	rev.Timestamp, rev.TimestampInferred = time.Time{}, false
	d.Editions = ExtractRenderedWith(rev, RenderedOptions{Vocabulary: v}).PageEditions
	return d
}

// textDates reads the revision line and the dated markers of a rendered
// revision (its front-end notes them while it reads the lines).
func (v *Vocabulary) textDates(rev wikirules.Revision) Dating {
	var doc *renderedDoc
	if rev.Format == wikirules.FormatHTML {
		doc = htmlLines(rev.Text, v)
	} else {
		doc = textLines(rev.Text, v, rev.Page.Title)
	}
	return renderedStream(rev.Text, doc, v, rev.Page.Title).dating
}

// revisionTime reads an old revision's line ("Revision as of 11:10, 3
// February 2021 by Ian…") in any language.
func (v *Vocabulary) revisionTime(text string) (time.Time, bool) {
	var out time.Time
	ok := false
	v.eachLanguage(func(l *Language) bool {
		if l.Revision == nil {
			return false
		}
		m := l.Revision.FindStringSubmatch(text)
		if m == nil {
			return false
		}
		mon, known := l.Months[strings.ToLower(m[4])]
		if !known {
			return false
		}
		hh, _ := strconv.Atoi(m[1])
		mm, _ := strconv.Atoi(m[2])
		day, _ := strconv.Atoi(m[3])
		year, _ := strconv.Atoi(m[5])
		out, ok = time.Date(year, mon, day, hh, mm, 0, 0, time.UTC), true
		return true
	})
	return out, ok
}

// reMonthYear finds "Dec 2021", "Nov. 2022", "noviembre de 2022",
// "July 2023".
var reMonthYear = regexp.MustCompile(`(?i)\b([a-zé]{3,10})\.?\s+(?:de\s+)?(\d{4})\b`)

// monthYears returns the first day of every month and year a marker
// names, in any language's month names.
func (v *Vocabulary) monthYears(s string) []time.Time {
	if s == "" {
		return nil
	}
	var out []time.Time
	for _, m := range reMonthYear.FindAllStringSubmatch(s, -1) {
		name := strings.ToLower(m[1])
		y, _ := strconv.Atoi(m[2])
		v.eachLanguage(func(l *Language) bool {
			if mon, ok := l.Months[name]; ok && y >= 1000 {
				out = append(out, time.Date(y, mon, 1, 0, 0, 0, 0, time.UTC))
				return true
			}
			return false
		})
	}
	return out
}

// dateOf returns the date the edition eras read for a revision: its
// timestamp, else what its text shows (rendered pages).
func (p *pass) dateOf() time.Time {
	if !p.rev.Timestamp.IsZero() || !p.st.rendered {
		return p.rev.Timestamp
	}
	t, _ := p.st.dating.Time()
	return t
}
