package extract

import (
	"sort"
	"strings"

	"github.com/wikirules/wikirules"
)

// A rendered {{faqbox}} shows "Q: …", "A: …" and, for some entries,
// "Páginas: A, B" (its related pages), sometimes under a title line such as
// "N4 FAQ 1.0, enero 2021". Seed 001 shows no title line: its entries carry
// neither the FAQ title nor the version that identify an FAQ (FAQID).
// FAQCatalog supplies them from FAQs already known (from wikitext
// revisions), matched by question; an entry that matches none keeps an
// empty title and version and gets a diagnostic.

// FAQCatalog indexes known FAQ entries by their question (markers "Q:",
// "[Errata]", "P:" stripped as the wikitext path strips them, white space
// collapsed, case folded), so that a rendered page's entries can take the
// title and version of the same FAQ and hence its ID. The zero value is
// not usable; make one with NewFAQCatalog. It is not safe for concurrent
// use while Add runs.
type FAQCatalog struct {
	byQuestion map[string][]wikirules.FAQ
}

// NewFAQCatalog returns a catalogue holding faqs (e.g. every FAQ of the
// Extractions of a wikitext dump, or of the store).
func NewFAQCatalog(faqs ...wikirules.FAQ) *FAQCatalog {
	c := &FAQCatalog{byQuestion: map[string][]wikirules.FAQ{}}
	c.Add(faqs...)
	return c
}

// Add adds FAQ entries; an entry whose ID is already known replaces it
// when it comes from a newer occurrence (Timestamp, then LastRevision).
// The catalogue keeps copies of the entries' strings: an extraction's
// strings share the memory of its revision's whole text, which an ingest
// of a long history would otherwise keep alive for every FAQ it saw.
func (c *FAQCatalog) Add(faqs ...wikirules.FAQ) {
	for _, f := range faqs {
		k := questionKey(f.Question)
		if k == "" {
			continue
		}
		dup := false
		for i, have := range c.byQuestion[k] {
			if have.ID != f.ID {
				continue
			}
			dup = true
			// The store keeps an FAQ's newest occurrence (by timestamp,
			// then revision id); so does the catalogue, or Lookup would
			// choose by another answer than a catalogue read from the
			// store does.
			if !f.Timestamp.After(have.Timestamp) && !(f.Timestamp.Equal(have.Timestamp) && f.LastRevision > have.LastRevision) {
				continue
			}
			if f.Question == have.Question && f.Answer == have.Answer {
				// The usual case, an FAQ shown again unchanged: only
				// its newest occurrence moves (one string copied, not
				// every field).
				c.byQuestion[k][i].Timestamp = f.Timestamp
				c.byQuestion[k][i].LastRevision = strings.Clone(f.LastRevision)
				continue
			}
			c.byQuestion[k][i] = detachFAQ(f)
		}
		if !dup {
			c.byQuestion[k] = append(c.byQuestion[k], detachFAQ(f))
		}
	}
}

// detachFAQ returns f with copies of its strings.
func detachFAQ(f wikirules.FAQ) wikirules.FAQ {
	for _, s := range []*string{&f.ID, &f.Type, &f.Title, &f.Version, &f.Removed, &f.Question, &f.Answer,
		&f.FirstRevision, &f.LastRevision, &f.LastPage} {
		*s = strings.Clone(*s)
	}
	f.Related = cloneStrings(f.Related)
	f.Pages = cloneStrings(f.Pages)
	return f
}

// cloneStrings returns a copy of ss holding copies of its strings (nil
// for nil).
func cloneStrings(ss []string) []string {
	if ss == nil {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.Clone(s)
	}
	return out
}

// Identify returns, for each catalogued entry with no title and no version
// (a rendered page's entry that matched no known FAQ when it was read,
// stored as FAQID(type, "", "", question)), the ID of the titled entry
// Lookup now gives for its type, question and answer, and drops those
// entries from the catalogue. The caller's store merges each into that FAQ
// (kb.Writer.MergeFAQs) once a file's revisions are all read, so that an
// FAQ seen on a rendered page before its wikitext becomes the FAQ that
// reading the wikitext first would have given it.
func (c *FAQCatalog) Identify() map[string]string {
	if c == nil {
		return nil
	}
	var out map[string]string
	for k, entries := range c.byQuestion {
		var titled, untitled []wikirules.FAQ
		for _, f := range entries {
			if f.Title == "" && f.Version == "" {
				untitled = append(untitled, f)
			} else {
				titled = append(titled, f)
			}
		}
		if len(titled) == 0 || len(untitled) == 0 {
			continue
		}
		for _, u := range untitled {
			best := bestFAQ(titled, u.Type, questionKey(stripMarkers(u.Answer, "A:", "R:")))
			if out == nil {
				out = map[string]string{}
			}
			out[u.ID] = best.ID
		}
		c.byQuestion[k] = titled
	}
	return out
}

// Lookup returns the known FAQ with this question. Among several (versions
// of one FAQ, or an FAQ and an errata), it prefers one with a title or
// version, then the same type ("" matches any), then the same answer
// (compared like the question), then the newest (Timestamp, then Version,
// then ID, for a deterministic choice).
func (c *FAQCatalog) Lookup(typ, question, answer string) (wikirules.FAQ, bool) {
	if c == nil {
		return wikirules.FAQ{}, false
	}
	cands := c.byQuestion[questionKey(question)]
	if len(cands) == 0 {
		return wikirules.FAQ{}, false
	}
	return bestFAQ(cands, typ, questionKey(stripMarkers(answer, "A:", "R:"))), true
}

// bestFAQ is Lookup's choice among cands (not empty) for an entry of type
// typ whose answer has the key akey.
func bestFAQ(cands []wikirules.FAQ, typ, akey string) wikirules.FAQ {
	score := func(f wikirules.FAQ) int {
		s := 0
		if f.Title != "" || f.Version != "" {
			s += 4 // an identified FAQ before an entry that matched none
		}
		if typ == "" || f.Type == typ {
			s += 2
		}
		if questionKey(f.Answer) == akey {
			s++
		}
		return s
	}
	best := append([]wikirules.FAQ(nil), cands...)
	sort.Slice(best, func(i, j int) bool {
		a, b := best[i], best[j]
		if sa, sb := score(a), score(b); sa != sb {
			return sa > sb
		}
		if !a.Timestamp.Equal(b.Timestamp) {
			return a.Timestamp.After(b.Timestamp)
		}
		if a.Version != b.Version {
			return a.Version > b.Version
		}
		return a.ID < b.ID
	})
	return best[0]
}

// questionKey normalises a question as FAQID does (white space collapsed,
// lower case) after stripping the markers the wikitext path strips.
func questionKey(q string) string {
	return strings.ToLower(collapse(stripMarkers(collapse(q), "Q:", "[Errata]", "P:")))
}
