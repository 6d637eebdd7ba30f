package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

func TestSituationValidate(t *testing.T) {
	yes := true
	for _, tc := range []struct {
		name string
		s    Situation
		want string // "" = valid
	}{
		{"S01", Situation{Turn: "active", Order: []string{"Mover", "Mover"}}, ""},
		{"S05", Situation{Turn: "reactive", ARO: "Esquivar", Dodge: &DodgeSituation{Template: true, LoFToAttacker: &yes}}, ""},
		{"S06", Situation{Turn: "active", Burst: &BurstSituation{Base: 2, Mods: []int{1}}}, ""},
		{"turn", Situation{Turn: "sideways"}, "turn"},
		{"three skills", Situation{Turn: "active", Order: []string{"Mover", "Mover", "Mover"}}, "at most two"},
		{"empty skill", Situation{Order: []string{" "}}, "order[0]"},
		{"negative burst", Situation{Burst: &BurstSituation{Base: -3, Mods: []int{-10}}}, "burst base"},
		{"huge mod", Situation{Burst: &BurstSituation{Base: 2, Mods: []int{1000}}}, "mods[0]"},
	} {
		err := tc.s.Validate()
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: Validate() = %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestResolveFacts checks that conclusions rest on the records they read:
// the skill box type, the errata of the Dodge page and the example it
// overrides, and "unknown" for what the seed corpus lacks.
func TestResolveFacts(t *testing.T) {
	e := sampleEngine(t)
	ctx := context.Background()
	f := false
	tests := []struct {
		name      string
		s         Situation
		verdict   string
		citeKind  wikirules.Kind
		citeText  string
		overrides bool
	}{
		{"entire order", Situation{Turn: "active", Order: []string{"Trepar", "Mover"}}, "invalid: Trepar is an Orden Completa", wikirules.KindSkill, "TREPAR", false},
		{"dodge mine", Situation{Turn: "reactive", ARO: "Esquivar", Dodge: &DodgeSituation{Template: true, Deployable: true, LoFToAttacker: &f}}, "FIS -3", wikirules.KindErrata, "no de -6", true},
		{"marker", Situation{Turn: "reactive", ARO: "Reset", ActiveIsMarker: "IMP-2"}, "valid", wikirules.KindEffect, "únicas ORA", false},
		{"missing state", Situation{Turn: "active", States: []string{"Poseído"}, Order: []string{"Mover"}}, "unknown: no record for Poseído", "", "", false},
		// {{skillbox |black| AISLADO |}}: a state's box has no type to call it an ARO or not.
		{"state as an aro", Situation{Turn: "reactive", ARO: "Aislado"}, "unknown: no record for the skill type of Aislado", wikirules.KindSkill, "AISLADO", false},
		{"missing marker page", Situation{Turn: "reactive", ARO: "Esquivar", ActiveIsMarker: "CAMO"}, "unknown: no record for the AROs allowed against the marker CAMO", "", "", false},
		{"burst above the maximum", Situation{Turn: "active", Burst: &BurstSituation{Base: 5, Mods: []int{1, 2}}}, "6", wikirules.KindImportant, "nunca puede ser superior a 6", false},
		{"burst below 1", Situation{Turn: "active", Burst: &BurstSituation{Base: 1, Mods: []int{-3}}}, "unknown: no record for a Burst reduced below 1 (B1 -3 = -2)", "", "", false},
	}
	// The Burst rules stand on "Módulo de Combate" (seed 002), an N5 page
	// (its navigation is N5's: "Posibilidad de Supervivencia (PS)"): they
	// hold in N5 only.
	n5 := map[string]bool{"burst above the maximum": true, "burst below 1": true}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := Options{}
			if n5[tc.name] {
				opt.Edition = wikirules.N5
			}
			if tc.name == "state as an aro" {
				opt.Edition = wikirules.N4 // Aislado is N4; the N5 default has no page to read
			}
			r, err := e.Resolve(ctx, tc.s, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(r.Verdict, tc.verdict) {
				t.Fatalf("verdict = %q, want prefix %q", r.Verdict, tc.verdict)
			}
			var cited, overridden bool
			for _, s := range r.Sources() {
				if s.Citation.Page == "" || s.Citation.Anchor == "" {
					t.Errorf("source without citation: %+v", s)
				}
				if s.Kind == tc.citeKind && strings.Contains(s.Text, tc.citeText) {
					cited = true
				}
				if s.Role == RoleOverridden && s.Kind == wikirules.KindExample {
					overridden = true
				}
			}
			if tc.citeKind != "" && !cited {
				t.Errorf("no %s source containing %q among %+v", tc.citeKind, tc.citeText, r.Sources())
			}
			if overridden != tc.overrides {
				t.Errorf("example overridden = %v, want %v", overridden, tc.overrides)
			}
		})
	}
}

// TestResolveSpanish resolves situations with Options.Lang "es": the
// verdicts, explanations, source reasons and topics come from the Spanish
// vocabulary (no English template is left), and each conclusion's Topic
// and Status are the ones the English resolution gives.
func TestResolveSpanish(t *testing.T) {
	e := sampleEngine(t)
	ctx := context.Background()
	f := false
	english := []string{"valid", "invalid", "unknown", "no record", "skill box", "composition", "holds", "allows", "Active Turn"}
	for _, tc := range []struct {
		name    string
		s       Situation
		opt     Options
		verdict string
	}{
		{"entire order", Situation{Turn: "active", Order: []string{"Trepar", "Mover"}}, Options{}, "inválido: Trepar es una Orden Completa"},
		{"dodge mine", Situation{Turn: "reactive", ARO: "Esquivar", Dodge: &DodgeSituation{Template: true, Deployable: true, LoFToAttacker: &f}}, Options{}, "FIS -3"},
		{"marker", Situation{Turn: "reactive", ARO: "Reset", ActiveIsMarker: "IMP-2"}, Options{}, "válido"},
		{"missing state", Situation{Turn: "active", States: []string{"Poseído"}, Order: []string{"Mover"}}, Options{}, "desconocido: ninguna regla para Poseído"},
		{"burst below 1", Situation{Turn: "active", Burst: &BurstSituation{Base: 1, Mods: []int{-3}}}, Options{Edition: wikirules.N5}, "desconocido: ninguna regla para una Ráfaga reducida por debajo de 1 (R1 -3 = -2)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			en, err := e.Resolve(ctx, tc.s, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			opt := tc.opt
			opt.Lang = "es"
			es, err := e.Resolve(ctx, tc.s, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(es.Verdict, tc.verdict) {
				t.Errorf("verdict %q, want it to open %q (English: %q)", es.Verdict, tc.verdict, en.Verdict)
			}
			if len(es.Conclusions) != len(en.Conclusions) {
				t.Fatalf("%d conclusions, English %d", len(es.Conclusions), len(en.Conclusions))
			}
			for i, c := range es.Conclusions {
				if c.Status != en.Conclusions[i].Status || c.Status == "" {
					t.Errorf("conclusion %d: status %q, English %q", i, c.Status, en.Conclusions[i].Status)
				}
				if c.Topic != en.Conclusions[i].Topic {
					t.Errorf("conclusion %d: topic %q, English %q (an identifier)", i, c.Topic, en.Conclusions[i].Topic)
				}
				texts := []string{c.Verdict, c.Explanation}
				for _, s := range c.Sources {
					texts = append(texts, s.Reason)
				}
				for _, s := range texts {
					for _, w := range english {
						if strings.Contains(s, w) {
							t.Errorf("conclusion %d: %q holds the English %q", i, s, w)
						}
					}
				}
			}
		})
	}
}
