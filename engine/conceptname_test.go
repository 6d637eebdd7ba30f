package engine

import (
	"reflect"
	"testing"

	"github.com/wikirules/wikirules/lang"
)

// TestConceptNames checks the names the "why" line gives the pages a
// question names: in the question's language where the glossary pairs the
// title with a term of it, as written otherwise, each concept once.
func TestConceptNames(t *testing.T) {
	g := lang.Default()
	for _, tc := range []struct {
		code     string
		in, want []string
	}{
		{"en", []string{"Esquivar", "Heridas", "Ataque CC", "Piloto", "Reset", "Dodge", "Zzz Unknown"},
			[]string{"Dodge", "Wounds", "CC Attack", "Pilot", "Reset", "Zzz Unknown"}},
		{"es", []string{"Mines", "Dodge", "Esquivar", "Reset"}, []string{"Minas", "Esquivar", "Reset"}},
		{"en", []string{"Escape System", "Pilot", "Piloto"}, []string{"Escape System", "Pilot"}},
		{"fr", []string{"Esquivar"}, []string{"Esquivar"}},
	} {
		if got := conceptNames(g, tc.in, tc.code); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s %q: %q, want %q", tc.code, tc.in, got, tc.want)
		}
	}
}
