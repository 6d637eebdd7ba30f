package main

import (
	"strings"
	"testing"
)

type changesOut struct {
	Pages []struct {
		Page      string                `json:"page"`
		Class     string                `json:"class"`
		Base      *struct{ ID string }  `json:"base"`
		Revisions []struct{ ID string } `json:"revisions"`
		Changes   []struct {
			Class    string `json:"class"`
			Citation struct {
				Page string `json:"page"`
			} `json:"citation"`
		} `json:"changes"`
	} `json:"pages"`
}

// TestChanges: a window holding only the second revision of a seed page
// diffs that page from its first revision (the base), with its class;
// pages are ordered by class, substantive (new pages) first.
func TestChanges(t *testing.T) {
	tests := []struct {
		since, until, page, class string
	}{
		{"2021-02-11T09:23:30Z", "2021-02-11T09:24:00Z", "GizmoKit", "wording"},                    // 09:23:58
		{"2021-02-11T09:29:10Z", "2021-02-11T09:29:40Z", "Sin Incapacidad por Herida", "cosmetic"}, // 09:29:30
		{"2021-02-11T11:03:30Z", "2021-02-11T11:04:30Z", "Suplantado", "translation"},              // 11:04:04
	}
	rank := map[string]int{"cosmetic": 1, "wording": 2, "translation": 3, "substantive": 4}
	for _, tt := range tests {
		t.Run(tt.page, func(t *testing.T) {
			var c changesOut
			decodeJSON(t, runOn(t, "changes", "-json", "-since", tt.since, "-until", tt.until), &c)
			found := false
			for i, p := range c.Pages {
				if i > 0 && rank[p.Class] > rank[c.Pages[i-1].Class] {
					t.Errorf("page %s (%s) after %s (%s)", p.Page, p.Class, c.Pages[i-1].Page, c.Pages[i-1].Class)
				}
				if p.Page != tt.page {
					continue
				}
				found = true
				if p.Class != tt.class || p.Base == nil || len(p.Revisions) != 1 || len(p.Changes) == 0 {
					t.Errorf("%s: class %s, base %v, %d revisions, %d changes; want %s from a base, 1 revision",
						p.Page, p.Class, p.Base, len(p.Revisions), len(p.Changes), tt.class)
				}
				for _, ch := range p.Changes {
					if ch.Citation.Page != p.Page || ch.Class != tt.class {
						t.Errorf("%s: change %+v", p.Page, ch)
					}
				}
			}
			if !found {
				t.Errorf("%s not among the pages changed in %s – %s", tt.page, tt.since, tt.until)
			}
		})
	}
	md := runOn(t, "changes", "-format", "md", "-since", "2021-02-11T09:23:30Z", "-until", "2021-02-11T09:24:00Z")
	if !strings.HasPrefix(md, "# Rule changes 2021-02-11T09:23:30Z – 2021-02-11T09:24:00Z") || !strings.Contains(md, "## GizmoKit") ||
		!strings.Contains(md, "- **wording** · changed effect *Efectos › 3*") {
		t.Errorf("markdown changelog:\n%s", md)
	}
	empty := runOn(t, "changes", "-since", "2030-01-01", "-until", "2030-01-02")
	if !strings.Contains(empty, "0 pages edited") {
		t.Errorf("empty window:\n%s", empty)
	}
}
