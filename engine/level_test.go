package engine

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// TestLevelsNamed checks which levels a question or a text names: a
// number after a level label, a label's code ("L2"), and a level code
// ("N2") only right after a content word, an edition's code elsewhere.
func TestLevelsNamed(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want []string
	}{
		{"¿Una tropa con Visor Multiespectral N2 aplica los MOD?", []string{"2"}},
		{"Does a Multispectral Visor L2 trooper apply Visibility Zone MODs?", []string{"2"}},
		{"With a Multispectral Visor Level 1, do I apply a MOD?", []string{"1"}},
		{"VISOR MULTIESPECTRAL NIVEL 3", []string{"3"}},
		{"El poseedor de Visor Multiespectral N3 ignora los MOD", []string{"3"}},
		{"En N5, ¿puedo mover a través de una miniatura neutral?", nil},
		{"N4: ¿Puedo gastar un Token de Mando?", nil},
		{"Can a TAG go Prone in N5?", nil},
	} {
		got := slices.Sorted(maps.Keys(levelsNamed(lang.Words(tc.s))))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: %v, want %v", tc.s, got, tc.want)
		}
	}
}

// TestBoxes checks that the records after a skill box stand under it up
// to the next box, and that a record of no section ends it.
func TestBoxes(t *testing.T) {
	box := func(id, name string) *wikirules.Record {
		return &wikirules.Record{ID: id, Kind: wikirules.KindSkill, Skill: &wikirules.SkillHeader{Name: name}}
	}
	eff := func(id string) *wikirules.Record {
		return &wikirules.Record{ID: id, Kind: wikirules.KindEffect, Section: []string{"Efectos"}}
	}
	intro := &wikirules.Record{ID: "intro", Kind: wikirules.KindRule}
	b1, b2 := box("b1", "VISOR NIVEL 1"), box("b2", "VISOR NIVEL 2")
	after := &wikirules.Record{ID: "after", Kind: wikirules.KindRule}
	got := boxes([]*wikirules.Record{intro, b1, eff("e1"), eff("e2"), b2, eff("e3"), after, eff("e4")})
	want := map[string]*wikirules.Record{"e1": b1, "e2": b1, "e3": b2}
	if !maps.Equal(got, want) {
		t.Errorf("boxes: %v, want %v", got, want)
	}
}

// TestLevelBox checks, on the corpus, that a question naming a level is
// decided by its level's box and never given the verdict of another
// level's text: "N2"/"L2" of the Multispectral Visor reads Level 2's "sin
// aplicar MOD", Level 1 its "aplicando un MOD de -6".
func TestLevelBox(t *testing.T) {
	e := wikiEngine(t)
	for _, tc := range []struct{ q, want, quote string }{
		{"¿Una tropa con Visor Multiespectral N2 aplica los MOD de las Zonas de Visibilidad al trazar LDT?", "No", "sin aplicar MOD"},
		{"Does a Multispectral Visor L2 trooper apply Visibility Zone MODs when drawing LoF?", "No", "sin aplicar MOD"},
		{"With a Multispectral Visor Level 1, do I apply a MOD when I draw LoF through a Zero Visibility Zone?", "Yes", "aplicando un MOD de -6"},
	} {
		a, err := e.Ask(context.Background(), tc.q, Options{Edition: wikirules.N4})
		if err != nil {
			t.Fatal(err)
		}
		d := a.Deciding()
		if a.Verdict != tc.want || d == nil || !strings.Contains(d.Text, tc.quote) {
			t.Errorf("%q: %q from %+v, want %q from the text with %q", tc.q, a.Verdict, d, tc.want, tc.quote)
		}
	}
}

// TestLevelOtherFAQ checks that an FAQ asking of another level than the
// question's gives no verdict: "Visor Multiespectral N2" against the
// Condiciones de Visibilidad FAQ on "… y Visor Multiespectral Nivel 1?"
// ("esta ignora el MOD -6"), which read as a confident No.
func TestLevelOtherFAQ(t *testing.T) {
	e := wikiEngine(t)
	for _, q := range []string{
		"¿Un Visor Multiespectral N2 aplica los MOD de Zonas de Visibilidad?",
		"¿Un Visor Multiespectral Nivel 2 aplica los MOD de Zonas de Visibilidad?",
	} {
		a, err := e.Ask(context.Background(), q, Options{Edition: wikirules.N4})
		if err != nil {
			t.Fatal(err)
		}
		d := a.Deciding()
		if d != nil && d.FAQ != nil && strings.Contains(d.FAQ.Question, "Nivel 1") && a.Verdict != a.Labels.SeeDeciding {
			t.Errorf("%q: %q from the Level 1 FAQ, want no verdict", q, a.Verdict)
		}
	}
}
