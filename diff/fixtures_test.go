package diff

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// fixtureRecords extracts testdata/NAME.wiki as a revision of "Esquivar"
// at time ts.
func fixtureRecords(t testing.TB, name string, ts time.Time) []wikirules.Record {
	t.Helper()
	b, err := readFixture(name)
	if err != nil {
		t.Fatal(err)
	}
	page := wikirules.Page{Title: "Esquivar", Language: "es", Wiki: "infinity-es"}
	rev := wikirules.Revision{Page: page, Timestamp: ts, Text: b, Format: wikirules.FormatContribs}
	rev.ID = wikirules.DeriveRevisionID(page.Title, ts, rev.Text)
	return records(rev)
}

func readFixture(name string) (string, error) {
	b, err := os.ReadFile(filepath.Join("testdata", name+".wiki"))
	return string(b), err
}

var (
	t0 = time.Date(2021, 2, 11, 10, 0, 0, 0, time.UTC)
	t1 = time.Date(2021, 12, 1, 10, 0, 0, 0, time.UTC)
)

// want is one change a fixture must show.
type want struct {
	op     Op
	kind   wikirules.Kind
	reason string // a reason of the change (substring), "" to skip
	ed     wikirules.Editions
}

// TestFixtures diffs testdata/base.wiki against each fixture: every one is
// a substantive edit and must be reported as exactly these changes.
func TestFixtures(t *testing.T) {
	tests := []struct {
		name string
		want []want
	}{
		{"mod_changed", []want{{Changed, wikirules.KindImportant, "MOD -6 → -3", 0}}},
		{"bullet_added_removed", []want{
			{Removed, wikirules.KindRequirement, "removed requirement", 0},
			{Added, wikirules.KindEffect, "added effect", 0},
		}},
		{"bullet_moved", []want{{Moved, wikirules.KindEffect, "moved from Efectos › 3", 0}}},
		{"faq_added", []want{{Added, wikirules.KindErrata, "added errata (update 1.1.1, dic 2021)", 0}}},
		{"edition_block", []want{{Added, wikirules.KindEffect, "[C1]", wikirules.Editions(wikirules.C1)}}},
		{"update_box", []want{
			{Added, wikirules.KindEffect, "added effect (update 1.1.1, dic 2021)", 0},
			{Changed, wikirules.KindEffect, "superseded by an update", 0},
		}},
	}
	base := fixtureRecords(t, "base", t0)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Records(base, fixtureRecords(t, tt.name, t1))
			for _, c := range d.Changes {
				t.Logf("%s", c.Summary())
			}
			if !d.Substantive() {
				t.Errorf("class %s, want substantive", d.Class)
			}
			if len(d.Changes) != len(tt.want) {
				t.Fatalf("%d changes, want %d", len(d.Changes), len(tt.want))
			}
			for i, w := range tt.want {
				c := d.Changes[i]
				if c.Op != w.op || c.Kind != w.kind || c.Class != Substantive {
					t.Errorf("change %d: %s %s %s, want %s %s substantive", i, c.Op, c.Kind, c.Class, w.op, w.kind)
				}
				if w.reason != "" && !strings.Contains(strings.Join(c.Reasons, " | "), w.reason) {
					t.Errorf("change %d reasons %q, want %q", i, c.Reasons, w.reason)
				}
				if w.ed != 0 && (c.New == nil || !c.New.Editions.Has(wikirules.C1)) {
					t.Errorf("change %d: new record editions %v, want %v", i, c.New, w.ed)
				}
			}
		})
	}
}

// TestIdentical: a revision diffed with itself (and with a re-extraction
// under another revision id) shows no change.
func TestIdentical(t *testing.T) {
	a := fixtureRecords(t, "base", t0)
	b := fixtureRecords(t, "base", t1)
	for _, d := range []*Diff{Records(a, a), Records(a, b)} {
		if len(d.Changes) != 0 || d.Unchanged != len(a) || d.Class != "" {
			t.Errorf("%d changes (%s), %d unchanged of %d", len(d.Changes), d.Headline(), d.Unchanged, len(a))
		}
	}
}

// TestWholePageAddedRemoved: diffing against nothing adds every record.
func TestWholePageAddedRemoved(t *testing.T) {
	a := fixtureRecords(t, "base", t0)
	if d := Records(nil, a); len(d.Changes) != len(a) || d.Counts[Substantive] != len(a) || d.Changes[0].Op != Added {
		t.Errorf("from nothing: %s", d.Headline())
	}
	if d := Records(a, nil); len(d.Changes) != len(a) || d.Changes[len(a)-1].Op != Removed {
		t.Errorf("to nothing: %s", d.Headline())
	}
}
