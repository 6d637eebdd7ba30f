package diff

import (
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// chain is base → mod_changed (MOD -6 → -3) → bullet_moved (which also
// has the base's MOD -6 again): three revisions of one page.
func chain(t *testing.T) []Snapshot {
	var out []Snapshot
	for k, name := range []string{"base", "mod_changed", "bullet_moved"} {
		ts := t0.Add(time.Duration(k) * 24 * time.Hour)
		recs := fixtureRecords(t, name, ts)
		out = append(out, Snapshot{Revision: wikirules.Revision{ID: recs[0].RevisionID, Timestamp: ts, User: "editor" + name}, Records: recs})
	}
	return out
}

func TestBlame(t *testing.T) {
	h := chain(t)
	bl := Blame(h)
	if len(bl) != len(h[2].Records) {
		t.Fatalf("%d blamed records, want %d", len(bl), len(h[2].Records))
	}
	lastChanged := map[string]int{}
	for _, b := range bl {
		if b.Introduced.ID != h[0].Revision.ID {
			t.Errorf("%s introduced in %s, want the first revision", where(&b.Record), b.Introduced.ID)
		}
		if b.Citation.Anchor != b.Record.ID {
			t.Errorf("citation anchor %s, want %s", b.Citation.Anchor, b.Record.ID)
		}
		switch {
		case b.Record.Kind == wikirules.KindImportant:
			if b.LastChanged.ID != h[2].Revision.ID || !strings.Contains(strings.Join(b.LastReasons, ";"), "MOD -3 → -6") {
				t.Errorf("important box last changed %s %q, want the third revision, MOD -3 → -6", b.LastChanged.ID, b.LastReasons)
			}
		case strings.Contains(b.Record.Plain, "hasta 5 cm"):
			if b.LastChanged.ID != h[2].Revision.ID || b.LastClass != Substantive || !strings.HasPrefix(b.LastReasons[0], "moved") {
				t.Errorf("moved bullet last changed %s %s %q, want the third revision, moved", b.LastChanged.ID, b.LastClass, b.LastReasons)
			}
		default:
			if b.LastChanged.ID != h[0].Revision.ID || b.LastClass != "" {
				t.Errorf("%s last changed %s (%s), want never", where(&b.Record), b.LastChanged.ID, b.LastClass)
			}
		}
		lastChanged[b.LastChanged.ID]++
	}
	if lastChanged[h[2].Revision.ID] != 2 {
		t.Errorf("%d records last changed by the third revision, want 2", lastChanged[h[2].Revision.ID])
	}
}

func TestHistory(t *testing.T) {
	h := chain(t)
	steps := History(h, nil)
	if len(steps) != 3 {
		t.Fatalf("%d steps", len(steps))
	}
	if steps[0].Diff != nil || !strings.HasPrefix(steps[0].Summary, "created:") {
		t.Errorf("first step %q", steps[0].Summary)
	}
	if got := steps[1].Summary; !strings.Contains(got, "MOD -6 → -3") || !strings.HasPrefix(got, "1 change (1 substantive)") {
		t.Errorf("second step %q", got)
	}
	if got := steps[2].Summary; !strings.HasPrefix(got, "2 changes (2 substantive)") {
		t.Errorf("third step %q", got)
	}
	if steps[1].Size != 0 {
		t.Errorf("size %d without text or sizes", steps[1].Size)
	}
	if s := History(h, map[string]int{h[1].Revision.ID: 1234}); s[1].Size != 1234 {
		t.Errorf("size %d, want 1234 from sizes", s[1].Size)
	}
}
