package main

import (
	"strings"
	"testing"
)

type diffOut struct {
	Page      string               `json:"page"`
	From      *struct{ ID string } `json:"from"`
	To        struct{ ID string }  `json:"to"`
	Class     string               `json:"class"`
	Counts    map[string]int       `json:"counts"`
	Unchanged int                  `json:"unchanged"`
	Changes   []struct {
		Op      string   `json:"op"`
		Class   string   `json:"class"`
		Kind    string   `json:"kind"`
		Where   string   `json:"where"`
		Reasons []string `json:"reasons"`
		Fields  []struct {
			Field  string `json:"field"`
			Old    string `json:"old"`
			New    string `json:"new"`
			Class  string `json:"class"`
			Inline string `json:"inline"`
		} `json:"fields"`
		Citation struct {
			Page     string `json:"page"`
			Revision string `json:"revision"`
			Anchor   string `json:"anchor"`
		} `json:"citation"`
	} `json:"changes"`
}

// seedRevs returns the ids of the first two revisions of page (the two of
// the seed dump; a rendered page may follow them).
func seedRevs(t *testing.T, page string) (string, string) {
	var h historyOut
	decodeJSON(t, runOn(t, "history", "-json", page), &h)
	if len(h.Revisions) < 2 {
		t.Fatalf("%s: %d revisions", page, len(h.Revisions))
	}
	return h.Revisions[0].Revision.ID, h.Revisions[1].Revision.ID
}

// TestDiffSeedPairs checks on the command line that each seed
// pair's diff, by full id, by id prefix and by default, with citations.
func TestDiffSeedPairs(t *testing.T) {
	tests := []struct {
		page, class, field, kind string
		changes                  int
	}{
		{"Sin Incapacidad por Herida", "cosmetic", "text", "rule", 1},
		{"Suplantado", "translation", "title", "example", 1},
		{"Ataque Intuitivo", "wording", "note 1", "effect", 1},
		{"Activación de una Tropa", "translation", "note 1", "", 2},
		{"GizmoKit", "wording", "note 1", "effect", 1},
	}
	for _, tt := range tests {
		t.Run(tt.page, func(t *testing.T) {
			a, b := seedRevs(t, tt.page)
			var d diffOut
			decodeJSON(t, runOn(t, "diff", "-json", tt.page, a[:8], b), &d)
			if d.From == nil || d.From.ID != a || d.To.ID != b {
				t.Fatalf("diffed %v → %v, want %s → %s", d.From, d.To, a, b)
			}
			if d.Class != tt.class || len(d.Changes) != tt.changes || d.Counts["substantive"] != 0 {
				t.Fatalf("class %s, %d changes %v, want %s, %d", d.Class, len(d.Changes), d.Counts, tt.class, tt.changes)
			}
			for _, c := range d.Changes {
				if c.Op != "changed" || (tt.kind != "" && c.Kind != tt.kind) || len(c.Fields) != 1 || c.Fields[0].Field != tt.field {
					t.Errorf("change %+v, want %s of %s %s", c, tt.field, tt.kind, "changed")
				}
				if c.Citation.Page != tt.page || c.Citation.Revision != b || c.Citation.Anchor == "" {
					t.Errorf("citation %+v", c.Citation)
				}
				if f := c.Fields[0]; !strings.Contains(f.Inline, "{+") || !strings.Contains(f.Inline, "[-") {
					t.Errorf("no word diff in %q", f.Inline)
				}
			}
		})
	}
}

// TestDiffDefaultAndText: without revisions diff compares the last two;
// the text output shows the word diff and the citation line.
func TestDiffDefaultAndText(t *testing.T) {
	var d diffOut
	decodeJSON(t, runOn(t, "diff", "-json", "GizmoKit"), &d)
	a, b := seedRevs(t, "GizmoKit")
	if d.From == nil || d.From.ID != a || d.To.ID != b || d.Unchanged != 14 {
		t.Errorf("default diff %v → %s, %d unchanged", d.From, d.To.ID, d.Unchanged)
	}
	txt := runOn(t, "diff", "GizmoKit")
	for _, want := range []string{
		"~ changed effect Efectos › 3  [wording]",
		"[-Se-]{+Si+} se recupera [-a -]1 de EST, el Estado Inconsciente se cancela.",
		"— GizmoKit › Efectos › 3 [N4] — rev 2021-02-11T09:23:58Z",
	} {
		if !strings.Contains(txt, want) {
			t.Errorf("text diff lacks %q:\n%s", want, txt)
		}
	}
	md := runOn(t, "diff", "-format", "md", "Sin Incapacidad por Herida")
	if !strings.Contains(md, "- **cosmetic** · changed rule") || !strings.Contains(md, "~~tropas~~ **Tropas**") {
		t.Errorf("markdown diff:\n%s", md)
	}
}

func TestResolveRevByTime(t *testing.T) {
	a, b := seedRevs(t, "GizmoKit")
	var d diffOut
	// GizmoKit's revisions: 09:22:53 and 09:23:58
	decodeJSON(t, runOn(t, "diff", "-json", "GizmoKit", "2021-02-11T09:23", "2021-02-11T09:24:00Z"), &d)
	if d.From == nil || d.From.ID != a || d.To.ID != b {
		t.Errorf("by time: %v → %s, want %s → %s", d.From, d.To.ID, a, b)
	}
}
