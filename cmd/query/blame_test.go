package main

import (
	"strings"
	"testing"
)

// TestBlame: on GizmoKit every current record was introduced by the first
// revision; only the effect whose seefaq note was fixed was last changed
// by the second.
func TestBlame(t *testing.T) {
	a, b := seedRevs(t, "GizmoKit")
	var v struct {
		Page    string `json:"page"`
		Records []struct {
			Kind        string              `json:"kind"`
			Where       string              `json:"where"`
			Introduced  struct{ ID string } `json:"introduced"`
			LastChanged struct{ ID string } `json:"last_changed"`
			LastClass   string              `json:"last_class"`
			Citation    struct {
				Revision string `json:"revision"`
				Anchor   string `json:"anchor"`
			} `json:"citation"`
		} `json:"records"`
	}
	decodeJSON(t, runOn(t, "blame", "-json", "GizmoKit"), &v)
	if len(v.Records) != 15 {
		t.Fatalf("%d records, want 15", len(v.Records))
	}
	changed := 0
	for _, r := range v.Records {
		if r.Introduced.ID != a {
			t.Errorf("%s introduced by %s, want %s", r.Where, r.Introduced.ID, a)
		}
		if r.Citation.Revision != b || r.Citation.Anchor == "" {
			t.Errorf("%s: citation %+v, want revision %s", r.Where, r.Citation, b)
		}
		if r.LastChanged.ID == b {
			changed++
			if r.Where != "Efectos › 3" || r.LastClass != "wording" {
				t.Errorf("last changed: %s (%s), want Efectos › 3 (wording)", r.Where, r.LastClass)
			}
		}
	}
	if changed != 1 {
		t.Errorf("%d records last changed by %s, want 1", changed, b)
	}
	txt := runOn(t, "blame", "GizmoKit")
	if !strings.Contains(txt, "last changed d8c48e41e9") || !strings.Contains(txt, "[wording] note 1 reworded") {
		t.Errorf("text blame:\n%s", txt)
	}
}
