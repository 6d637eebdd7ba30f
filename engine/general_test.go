package engine

import (
	"context"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestGeneralTopic checks, on the wiki knowledge base, that a question
// naming a specific page beside a general mechanic many more texts speak
// of ("Spotlight" and "Saving Roll") is decided by a text that speaks of
// the specific one: Munición Shock, whose bullets hold "Tirada de
// Salvación" and not Spotlight, does not decide, while the N5 Spotlight
// text does. Two topics spoken of alike (Multispectral Visor, White Noise
// Zone) are neither of them general.
func TestGeneralTopic(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	if err := e.init(ctx); err != nil {
		t.Fatal(err)
	}
	general := func(question string) map[string]bool {
		out := map[string]bool{}
		q := e.analyze(question)
		for _, u := range q.units {
			if u.topic {
				out[u.shown()] = u.general
			}
		}
		return out
	}
	g := general("In N4, does Spotlight force a Saving Roll?")
	if !g["Saving Roll"] || g["Spotlight"] {
		t.Errorf("Spotlight beside Saving Roll: general %v, want Saving Roll only", g)
	}
	for k, v := range general("Does a White Noise Zone block LoF for a trooper with a Multispectral Visor?") {
		if v {
			t.Errorf("White Noise Zone beside Multispectral Visor: %q general, want neither", k)
		}
	}

	for _, tc := range []struct {
		q  string
		ed wikirules.Edition
	}{
		{"In N4, does Spotlight force a Saving Roll?", wikirules.N4},
		{"In N5, does Spotlight force a Saving Roll?", wikirules.N5},
		{"En N5, ¿Spotlight obliga a hacer una Tirada de Salvación?", wikirules.N5},
	} {
		a, err := e.Ask(ctx, tc.q, Options{Edition: tc.ed})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range a.Sources {
			if s.Role == RoleDeciding && s.Page != "Spotlight" {
				t.Errorf("%q: decided by %s, want a Spotlight text or none", tc.q, s.Page)
			}
		}
		if tc.ed == wikirules.N5 && (!a.Found || len(a.Sources) == 0 || a.Sources[0].Page != "Spotlight") {
			t.Errorf("%q: %q, want the N5 Spotlight text deciding", tc.q, a.Verdict)
		}
	}
}
