package diff

import (
	"fmt"

	"github.com/wikirules/wikirules"
)

// Snapshot is one revision of a page with the records extracted from it
// (superseded ones included, in source order).
type Snapshot struct {
	Revision wikirules.Revision
	Records  []wikirules.Record
}

// Step is one revision in a page's history: the revision, its text size
// in bytes, the diff from the revision before (nil for the first) and a
// one-line summary of what it changed.
type Step struct {
	Revision wikirules.Revision `json:"revision"`
	Size     int                `json:"size"`
	Diff     *Diff              `json:"diff,omitempty"`
	Summary  string             `json:"summary"`
}

// History diffs every revision of a page with the one before it. history
// must be oldest first (as Store.History returns it); Size is taken from
// the revision text when it is loaded, else from sizes (by revision id,
// may be nil).
func History(history []Snapshot, sizes map[string]int) []Step {
	out := make([]Step, 0, len(history))
	for k, s := range history {
		st := Step{Revision: s.Revision, Size: len(s.Revision.Text)}
		if st.Size == 0 {
			st.Size = sizes[s.Revision.ID]
		}
		if k == 0 {
			st.Summary = fmt.Sprintf("created: %d records", len(s.Records))
		} else {
			st.Diff = Records(history[k-1].Records, s.Records)
			st.Summary = st.Diff.Headline()
		}
		out = append(out, st)
	}
	return out
}

// Blamed is one record of a page's newest revision with the revision that
// introduced it (the first of the unbroken chain of revisions where it was
// aligned with its predecessor) and the last revision that changed it
// (added it, changed a field or moved it), with the class of that last
// change and its details ("note 1 reworded", "text MOD -6 → -3", "moved
// from Efectos › 3"); LastClass is "" when the record was introduced and
// never changed since.
type Blamed struct {
	Record      wikirules.Record   `json:"record"`
	Introduced  wikirules.Revision `json:"introduced"`
	LastChanged wikirules.Revision `json:"last_changed"`
	LastClass   Class              `json:"last_class,omitempty"`
	LastReasons []string           `json:"last_reasons,omitempty"`
	Citation    wikirules.Citation `json:"citation"`
}

// Blame walks a page's history (oldest first), aligning each revision's
// records with the previous revision's as Records does, and returns, for
// every record of the newest revision in source order, who introduced it
// and who last changed it. An empty history gives nil.
func Blame(history []Snapshot) []Blamed {
	if len(history) == 0 {
		return nil
	}
	type state struct {
		intro, last int
		class       Class
		reasons     []string
	}
	cur := make([]state, len(history[0].Records))
	for i := range cur {
		cur[i] = state{intro: 0, last: 0}
	}
	for k := 1; k < len(history); k++ {
		a, b := history[k-1].Records, history[k].Records
		next := make([]state, len(b))
		for j := range next {
			next[j] = state{intro: k, last: k, class: Substantive, reasons: []string{addedReason("added", &b[j])}}
		}
		pairs := align(a, b)
		moved := markMoves(a, b, pairs)
		for n, p := range pairs {
			st := cur[p.old]
			c := compare(&a[p.old], &b[p.new])
			if c.Op != "" || moved[n] || c.Moved {
				c.Moved = c.Moved || moved[n]
				st.last, st.class, st.reasons = k, c.Class, c.Details()
				if c.Moved {
					st.class = Substantive
				}
			}
			next[p.new] = st
		}
		cur = next
	}
	last := history[len(history)-1].Records
	out := make([]Blamed, len(last))
	for i, r := range last {
		st := cur[i]
		out[i] = Blamed{Record: r, Introduced: history[st.intro].Revision, LastChanged: history[st.last].Revision,
			Citation: wikirules.CitationOf(r)}
		if st.last != st.intro {
			out[i].LastClass, out[i].LastReasons = st.class, st.reasons
		}
	}
	return out
}
