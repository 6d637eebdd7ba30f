package report

import (
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/diff"
)

// Rev is a revision as the change documents (history, diff, changes,
// blame) print it: id, time (TimestampInferred when the dump gave none),
// user, comment, minor flag, and the size of its text in bytes (history
// only; 0 is left out).
type Rev struct {
	ID                string    `json:"id"`
	Timestamp         time.Time `json:"timestamp,omitzero"`
	TimestampInferred bool      `json:"timestamp_inferred,omitempty"`
	User              string    `json:"user,omitempty"`
	Comment           string    `json:"comment,omitempty"`
	Minor             bool      `json:"minor,omitempty"`
	Size              int       `json:"size,omitempty"`
}

// RevOf is revision r with text size size (bytes; 0 for none).
func RevOf(r wikirules.Revision, size int) Rev {
	return Rev{ID: r.ID, Timestamp: r.Timestamp, TimestampInferred: r.TimestampInferred, User: r.User,
		Comment: r.Comment, Minor: r.Minor, Size: size}
}

// Change is one change to a page's records (a diff.Change): op, class,
// place, one-line summary and the reasons of its class, how the records
// were matched, the field changes with their one-line word diff, the old
// and new text, the citation of the new record (of the old one when it
// was removed) and, for a record that changed, the old record's citation.
type Change struct {
	Op          diff.Op             `json:"op"`
	Class       diff.Class          `json:"class"`
	Kind        wikirules.Kind      `json:"kind"`
	Where       string              `json:"where"`
	Summary     string              `json:"summary"`
	Reasons     []string            `json:"reasons,omitempty"`
	Match       diff.Match          `json:"match,omitempty"`
	Similarity  float64             `json:"similarity,omitempty"`
	Moved       bool                `json:"moved,omitempty"`
	Fields      []Field             `json:"fields,omitempty"`
	OldText     string              `json:"old_text,omitempty"`
	NewText     string              `json:"new_text,omitempty"`
	Citation    wikirules.Citation  `json:"citation"`
	OldCitation *wikirules.Citation `json:"old_citation,omitempty"`
}

// Field is one changed field with, when it has word edits, their one-line
// diff in git's "kept [-deleted-]{+inserted+}" notation (diff.Inline).
type Field struct {
	diff.FieldChange
	Inline string `json:"inline,omitempty"`
}

// ChangeList is the JSON of changes cs, in their order (an empty list,
// never null).
func ChangeList(cs []diff.Change) []Change {
	out := make([]Change, 0, len(cs))
	for _, c := range cs {
		j := Change{Op: c.Op, Class: c.Class, Kind: c.Kind, Where: c.Where, Summary: c.Summary(), Reasons: c.Reasons,
			Match: c.Match, Similarity: c.Similarity, Moved: c.Moved, Citation: c.Citation}
		for _, f := range c.Fields {
			fj := Field{FieldChange: f}
			if len(f.Edits) > 0 {
				fj.Inline = diff.Inline(f.Edits)
			}
			j.Fields = append(j.Fields, fj)
		}
		if c.Old != nil {
			j.OldText = c.Old.Text
			if c.New != nil {
				oc := wikirules.CitationOf(*c.Old)
				j.OldCitation = &oc
			}
		}
		if c.New != nil {
			j.NewText = c.New.Text
		}
		out = append(out, j)
	}
	return out
}

// Diff is the diff document (query diff -json, GET /api/diff/TITLE): the
// page, the two revisions (From null when To created the page), the class
// of the whole diff, the count of changes by class, the number of records
// unchanged, the one-line headline and the changes.
type Diff struct {
	Page      string             `json:"page"`
	From      *Rev               `json:"from"`
	To        Rev                `json:"to"`
	Class     diff.Class         `json:"class,omitempty"`
	Counts    map[diff.Class]int `json:"counts"`
	Unchanged int                `json:"unchanged"`
	Summary   string             `json:"summary"`
	Changes   []Change           `json:"changes"`
}

// DiffOf builds the diff document of d, the diff of page from revision
// from (nil: nothing) to revision to.
func DiffOf(page string, from *wikirules.Revision, to wikirules.Revision, d *diff.Diff) Diff {
	j := Diff{Page: page, To: RevOf(to, 0), Class: d.Class, Counts: d.Counts, Unchanged: d.Unchanged,
		Summary: d.Headline(), Changes: ChangeList(d.Changes)}
	if from != nil {
		r := RevOf(*from, 0)
		j.From = &r
	}
	return j
}

// HistoryEntry is one revision in the history document: the revision
// with its size, the one-line summary of what it changed and, when it was
// diffed with the revision before, the class, counts and changes.
type HistoryEntry struct {
	Revision Rev                `json:"revision"`
	Summary  string             `json:"summary"`
	Class    diff.Class         `json:"class,omitempty"`
	Counts   map[diff.Class]int `json:"counts,omitempty"`
	Changes  []Change           `json:"changes,omitempty"`
}

// History is the history document (query history -json, GET
// /api/history/TITLE): the page's title and its revisions, oldest first.
// Fields are declared in key order.
type History struct {
	Page      string         `json:"page"`
	Revisions []HistoryEntry `json:"revisions"`
}

// HistoryOf builds the history document of page from its steps
// (diff.History, oldest first).
func HistoryOf(page string, steps []diff.Step) History {
	out := make([]HistoryEntry, 0, len(steps))
	for _, st := range steps {
		h := HistoryEntry{Revision: RevOf(st.Revision, st.Size), Summary: st.Summary}
		if st.Diff != nil {
			h.Class, h.Counts, h.Changes = st.Diff.Class, st.Diff.Counts, ChangeList(st.Diff.Changes)
		}
		out = append(out, h)
	}
	return History{Page: page, Revisions: out}
}

// PageChanges is one page in the changes document: the page, the class,
// counts and headline of the diff from its state at the window's start
// to its state at its end, the revision current at the start (null when
// the page was created in the window), the revisions made in the window
// and the changes.
type PageChanges struct {
	Page      string             `json:"page"`
	Class     diff.Class         `json:"class,omitempty"`
	Counts    map[diff.Class]int `json:"counts"`
	Summary   string             `json:"summary"`
	Base      *Rev               `json:"base"`
	Revisions []Rev              `json:"revisions"`
	Changes   []Change           `json:"changes"`
}

// PageChangesOf builds one page of the changes document: d is the diff
// from base (nil: nothing) to the last of revs, the revisions in the
// window.
func PageChangesOf(page string, base *wikirules.Revision, revs []wikirules.Revision, d *diff.Diff) PageChanges {
	j := PageChanges{Page: page, Class: d.Class, Counts: d.Counts, Summary: d.Headline(), Changes: ChangeList(d.Changes)}
	if base != nil {
		r := RevOf(*base, 0)
		j.Base = &r
	}
	for _, r := range revs {
		j.Revisions = append(j.Revisions, RevOf(r, 0))
	}
	return j
}

// Changes is the changes document (query changes -json): the pages edited
// in the window (Since, Until], most substantive first. Fields are
// declared in key order.
type Changes struct {
	Pages []PageChanges `json:"pages"`
	Since time.Time     `json:"since"`
	Until time.Time     `json:"until"`
}

// BlameRecord is one record in the blame document: its kind, place
// (diff.Where) and text, the revision that introduced it and the last
// that changed it, with the class and reasons of that change.
type BlameRecord struct {
	Kind        wikirules.Kind     `json:"kind"`
	Where       string             `json:"where"`
	Text        string             `json:"text"`
	Introduced  Rev                `json:"introduced"`
	LastChanged Rev                `json:"last_changed"`
	LastClass   diff.Class         `json:"last_class,omitempty"`
	LastReasons []string           `json:"last_reasons,omitempty"`
	Citation    wikirules.Citation `json:"citation"`
}

// Blame is the blame document (query blame -json): the page, its records
// and the number of revisions read. Fields are declared in key order.
type Blame struct {
	Page      string        `json:"page"`
	Records   []BlameRecord `json:"records"`
	Revisions int           `json:"revisions"`
}

// BlameOf builds the blame document of page from rows (diff.Blame, the
// records to show) over revisions revisions.
func BlameOf(page string, revisions int, rows []diff.Blamed) Blame {
	out := make([]BlameRecord, 0, len(rows))
	for _, b := range rows {
		out = append(out, BlameRecord{Kind: b.Record.Kind, Where: diff.Where(&b.Record), Text: b.Record.Text,
			Introduced: RevOf(b.Introduced, 0), LastChanged: RevOf(b.LastChanged, 0), LastClass: b.LastClass,
			LastReasons: b.LastReasons, Citation: b.Citation})
	}
	return Blame{Page: page, Records: out, Revisions: revisions}
}
