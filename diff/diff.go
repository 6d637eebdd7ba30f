package diff

import (
	"sort"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
)

// Op is what happened to a record between two revisions.
type Op string

// Record operations.
const (
	Added   Op = "added"   // only in the new revision
	Removed Op = "removed" // only in the old revision
	Changed Op = "changed" // in both, some field changed (it may also have moved)
	Moved   Op = "moved"   // in both, unchanged, but out of order or in another section
)

// Match says how an old and a new record were paired.
type Match string

// Alignment steps, tried in this order.
const (
	ByID       Match = "id"         // same stable id
	ByHash     Match = "hash"       // same content (kind, text, title, notes, fields)
	BySimilar  Match = "similarity" // word similarity at or above Threshold
	ByPosition Match = "position"   // same kind, section and ordinal, text in another language
)

// Threshold is the least word similarity (Dice coefficient over word
// multisets, 0–1) for two records to be paired as one record changed.
const Threshold = 0.5

// FieldChange is one changed field of a record: its name ("text",
// "title", "note 1", "skill type", "labels", "editions", "version",
// "superseded", "question", "answer", "related", "section", "kind", a
// table column…), the old and new values, and the classification of the
// change with its word-level edits.
type FieldChange struct {
	Field string `json:"field"`
	Old   string `json:"old,omitempty"`
	New   string `json:"new,omitempty"`
	TextChange
}

// Change is one record added, removed, changed or moved. Old and New are
// the records in the old and new revision (one is nil for Added and
// Removed). Where is the record's place as people read it ("Efectos › 3",
// "Ejemplos › Ejemplo de Suplantación 2"). Reasons gathers the reasons
// of its field changes ("MOD -6 → -3", "case", "en → es"). Citation cites
// the new record (the old one when removed).
type Change struct {
	Op         Op                 `json:"op"`
	Class      Class              `json:"class"`
	Kind       wikirules.Kind     `json:"kind"`
	Where      string             `json:"where"`
	Match      Match              `json:"match,omitempty"`
	Similarity float64            `json:"similarity,omitempty"`
	Moved      bool               `json:"moved,omitempty"`
	Fields     []FieldChange      `json:"fields,omitempty"`
	Reasons    []string           `json:"reasons,omitempty"`
	Old        *wikirules.Record  `json:"old,omitempty"`
	New        *wikirules.Record  `json:"new,omitempty"`
	Citation   wikirules.Citation `json:"citation"`
}

// Diff is the structured difference between two revisions' records:
// the changes in the order of the new revision (removed records where they
// stood), how many records were unchanged, the highest class and the
// number of changes of each class.
type Diff struct {
	Page      string        `json:"page"`
	From      string        `json:"from,omitempty"`
	To        string        `json:"to,omitempty"`
	FromTime  time.Time     `json:"from_time,omitzero"`
	ToTime    time.Time     `json:"to_time,omitzero"`
	Changes   []Change      `json:"changes"`
	Unchanged int           `json:"unchanged"`
	Class     Class         `json:"class,omitempty"`
	Counts    map[Class]int `json:"counts"`
}

// Substantive reports whether any change is substantive.
func (d *Diff) Substantive() bool { return d.Class == Substantive }

// pair is an aligned old/new record.
type pair struct {
	old, new int
	match    Match
	sim      float64
}

// Records diffs the records of two revisions of one page (as
// Store.RevisionRecords or extract return them, in source order). Records
// are aligned by stable id, then by content, then by word similarity
// (at least Threshold, best pairs first), then by position when a record
// was translated; paired records out of order (not on the longest
// increasing run of old positions) or in another section are moves.
// Every change is classified (see Class and Text).
func Records(a, b []wikirules.Record) *Diff {
	d := &Diff{Changes: []Change{}, Counts: map[Class]int{}}
	for _, side := range [][]wikirules.Record{a, b} {
		if len(side) > 0 && d.Page == "" {
			d.Page = side[0].Page
		}
	}
	if len(a) > 0 {
		d.From, d.FromTime = a[0].RevisionID, a[0].Timestamp
	}
	if len(b) > 0 {
		d.To, d.ToTime = b[0].RevisionID, b[0].Timestamp
	}
	pairs := align(a, b)
	moved := markMoves(a, b, pairs)

	type keyed struct {
		key float64
		sub int
		c   Change
	}
	var out []keyed
	oldPaired := make([]int, len(a)) // new index of each old record, or -1
	for i := range oldPaired {
		oldPaired[i] = -1
	}
	newPaired := make([]bool, len(b))
	for _, p := range pairs {
		oldPaired[p.old] = p.new
		newPaired[p.new] = true
	}
	for k, p := range pairs {
		c := compare(&a[p.old], &b[p.new])
		c.Match = p.match
		if p.match == BySimilar || p.match == ByPosition {
			c.Similarity = round2(p.sim)
		}
		c.Moved = c.Moved || moved[k]
		if c.Moved {
			c.Class = Substantive
			c.Reasons = append([]string{"moved from " + where(&a[p.old])}, c.Reasons...)
			if c.Op == "" {
				c.Op = Moved
			}
		}
		if c.Op == "" {
			d.Unchanged++
			continue
		}
		out = append(out, keyed{float64(p.new), p.old, c})
	}
	for i := range b {
		if !newPaired[i] {
			r := &b[i]
			out = append(out, keyed{float64(i), -1, Change{Op: Added, Class: Substantive, Kind: r.Kind, Where: where(r),
				New: r, Reasons: []string{addedReason("added", r)}, Citation: wikirules.CitationOf(*r)}})
		}
	}
	for i := range a {
		if oldPaired[i] >= 0 {
			continue
		}
		key := -0.5
		for j := i - 1; j >= 0; j-- {
			if oldPaired[j] >= 0 {
				key = float64(oldPaired[j]) + 0.5
				break
			}
		}
		r := &a[i]
		out = append(out, keyed{key, i, Change{Op: Removed, Class: Substantive, Kind: r.Kind, Where: where(r),
			Old: r, Reasons: []string{addedReason("removed", r)}, Citation: wikirules.CitationOf(*r)}})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].key != out[j].key {
			return out[i].key < out[j].key
		}
		return out[i].sub < out[j].sub
	})
	for _, k := range out {
		d.Changes = append(d.Changes, k.c)
		d.Counts[k.c.Class]++
		d.Class = maxClass(d.Class, k.c.Class)
	}
	return d
}

func addedReason(verb string, r *wikirules.Record) string {
	s := verb + " " + string(r.Kind)
	if r.Version != "" {
		s += " (update " + r.Version + ")"
	}
	if l := r.Editions.Label(); l != "" && r.Kind != wikirules.KindSkill {
		s += " " + l
	}
	return s
}

func round2(f float64) float64 { return float64(int(f*100+0.5)) / 100 }

// FAQs diffs two lists of FAQ and errata entries (e.g. the FAQs of a page
// at two revisions) as records of kind faq/errata: aligned by FAQ id, then
// content, then similarity, with question, answer, version and related
// pages compared (a changed leading yes/no in the answer is substantive).
func FAQs(a, b []wikirules.FAQ) *Diff {
	conv := func(fs []wikirules.FAQ) []wikirules.Record {
		out := make([]wikirules.Record, len(fs))
		for i, f := range fs {
			out[i] = FAQRecord(f)
		}
		return out
	}
	return Records(conv(a), conv(b))
}

// FAQRecord returns an FAQ entry as the record the extractor makes of a
// faqbox: kind faq or errata, section ["FAQs & Errata", title], the
// question, answer and related pages in Fields, text "Q: …\n\nA: …".
func FAQRecord(f wikirules.FAQ) wikirules.Record {
	page := ""
	if len(f.Pages) > 0 {
		page = f.Pages[0]
	}
	return wikirules.Record{
		ID: f.ID, Page: page, RevisionID: f.LastRevision, Timestamp: f.Timestamp,
		Section: []string{"FAQs & Errata", f.Title}, Kind: wikirules.Kind(f.Type), Editions: f.Editions,
		Version: f.Version, Title: f.Title, Text: "Q: " + f.Question + "\n\nA: " + f.Answer,
		Plain: f.Question + " " + f.Answer, Links: f.Related,
		Fields: map[string]string{"question": f.Question, "answer": f.Answer, "related": strings.Join(f.Related, "; "), "faq_id": f.ID},
	}
}
