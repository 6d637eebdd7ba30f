package main

import (
	"strings"
	"testing"
)

// TestShowSkillBoxes checks the header lines show prints for the skillboxes
// of the seed dump: a state's box ({{skillbox |black| AISLADO |}}) names no
// skill and prints nothing, one with labels prints them, one that fills
// only the type prints the type, and a skill prints name and type.
func TestShowSkillBoxes(t *testing.T) {
	for _, tc := range []struct{ page, want string }{
		{"Aislado", ""},
		{"Trabado", ""},
		{"Munición Humo", "[box] MUNICIÓN HUMO — labels: No letal, Sin Objetivo\n"},
		{"Tirada de Agallas", "[skill] TIRADA DE AGALLAS\n"},
		{"Ingeniero", "[skill] INGENIERO — HABILIDAD CORTA — labels: Opcional\n"},
	} {
		out := runQuery(t, "show", tc.page)
		var got []string
		for _, l := range strings.SplitAfter(out, "\n") {
			if strings.HasPrefix(l, "[skill]") || strings.HasPrefix(l, "[box]") {
				got = append(got, l)
			}
		}
		if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) != 1 || got[0] != tc.want) {
			t.Errorf("show %s: header lines %q, want %q", tc.page, got, tc.want)
		}
		if strings.Contains(out, "— —") {
			t.Errorf("show %s prints an empty field as a dash:\n%s", tc.page, out)
		}
	}
}
