package extract

import (
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// recordsOf returns the records of x of kind k, in source order.
func recordsOf(x *wikirules.Extraction, k wikirules.Kind) []wikirules.Record {
	var out []wikirules.Record
	for _, r := range x.Records {
		if r.Kind == k {
			out = append(out, r)
		}
	}
	return out
}

// TestEsquivar checks the facts the seed's Esquivar page states.
func TestEsquivar(t *testing.T) {
	rev := seedRevision(t, "Esquivar")
	x := ExtractText(rev)

	skills := recordsOf(x, wikirules.KindSkill)
	if len(skills) != 1 || skills[0].Skill == nil {
		t.Fatalf("skill records: %+v", skills)
	}
	if h := skills[0].Skill; h.Name != "ESQUIVAR" || h.Type != "HABILIDAD CORTA / ORA" || h.Color != "greenyellow" ||
		!slices.Equal(h.Labels, []string{"Movimiento"}) {
		t.Errorf("skill header %+v", h)
	}

	var reqBullets []string
	for _, r := range recordsOf(x, wikirules.KindRequirement) {
		if r.Depth == 1 {
			reqBullets = append(reqBullets, r.Plain)
		}
	}
	wantReq := []string{"La Tropa es la Tropa Activa.", "En Turno Reactivo se dispone de una ORA válida.",
		"La Tropa se ve afectada por un Arma de Plantilla."}
	if !slices.Equal(reqBullets, wantReq) {
		t.Errorf("requirement bullets %q, want %q", reqBullets, wantReq)
	}

	// Effects in order: (ordinal, depth, editions, start of text).
	type eff struct {
		ord, depth int
		eds        string
		prefix     string
	}
	want := []eff{
		{1, 1, "c1", "Permite realizar una Tirada Enfrentada"},
		{1, 1, "n4", "Permite realizar una Tirada Enfrentada"},
		// The page separates C1 and N4 text in blocks: the rest holds in both.
		{2, 1, "n4,c1", "La Tropa que declara Esquivar"},
		{3, 1, "n4,c1", "Si la Tropa no realiza"},
		{4, 1, "n4,c1", "Esquivar no permite evitar"},
		{5, 1, "n4,c1", "Una Tirada exitosa de Esquivar"},
		{5, 2, "n4,c1", "Se mide, declara y realiza"},
		{5, 2, "n4,c1", "No genera ORA"},
		{5, 2, "n4,c1", "Esquivar aplica las"},
		{5, 2, "n4,c1", "El desplazamiento declarado"},
		{6, 1, "n4,c1", "Esquivar permite cancelar el estado"},
	}
	effs := recordsOf(x, wikirules.KindEffect)
	if len(effs) != len(want) {
		t.Fatalf("%d effect records, want %d", len(effs), len(want))
	}
	for i, w := range want {
		r := effs[i]
		if r.Ordinal != w.ord || r.Depth != w.depth || r.Editions.String() != w.eds || !strings.HasPrefix(r.Plain, w.prefix) {
			t.Errorf("effect %d: ord %d depth %d eds %q %q; want %+v", i, r.Ordinal, r.Depth, r.Editions, r.Plain, w)
		}
	}
	if effs[0].Alternative == "" || effs[0].Alternative != effs[1].Alternative || effs[2].Alternative != "" {
		t.Errorf("C1/N4 first effect alternatives: %q %q (third %q)", effs[0].Alternative, effs[1].Alternative, effs[2].Alternative)
	}
	if strings.Contains(effs[0].Plain, "Fireteam") || !strings.Contains(effs[1].Plain, "Fireteam") {
		t.Errorf("C1 / N4 texts swapped: %q / %q", effs[0].Plain, effs[1].Plain)
	}
	if got := wikirules.CitationOf(effs[4]).String(); got != "Esquivar › Efectos › 4 [N4 C1] — rev 2021-02-11T10:26:28Z" {
		t.Errorf("citation %q", got)
	}

	imp := recordsOf(x, wikirules.KindImportant)
	var c1, n4 int
	for _, r := range imp {
		switch {
		case r.Editions.Has(wikirules.C1):
			c1++
		case r.Editions.Has(wikirules.N4):
			n4++
		}
		if r.Alternative != imp[0].Alternative || r.Section[len(r.Section)-1] != "Importante" {
			t.Errorf("important record %q: alternative %q section %q", r.Plain, r.Alternative, r.Section)
		}
	}
	if c1 != 3 || n4 != 4 {
		t.Errorf("important box: %d C1 and %d N4 records, want 3 and 4 (N4 lead-in + 3 bullets)", c1, n4)
	}

	var titles []string
	for _, r := range recordsOf(x, wikirules.KindExample) {
		titles = append(titles, r.Title)
		if r.Section[len(r.Section)-1] != r.Title {
			t.Errorf("example section %q, title %q", r.Section, r.Title)
		}
	}
	if !slices.Equal(titles, []string{"Ejemplo Esquivar y Trabado", "Ejemplo Esquivar y Arma Posicionable"}) {
		t.Errorf("example titles %q", titles)
	}
	ex := recordsOf(x, wikirules.KindExample)[1]
	if !slices.Equal(ex.Notes, []string{"N4 Errata, sólo se aplica un MOD de -3."}) || strings.Contains(ex.Text, "seefaq") {
		t.Errorf("seefaq of the second example: notes %q", ex.Notes)
	}

	var types []string
	for _, f := range x.FAQs {
		types = append(types, f.Type)
		if f.Version != "1.0, enero 2021" || f.Editions != wikirules.Editions(wikirules.N4) || !slices.Contains(f.Related, "Esquivar") ||
			!slices.Equal(f.Pages, []string{"Esquivar"}) || f.FirstRevision != rev.ID || f.LastRevision != rev.ID {
			t.Errorf("FAQ %+v", f)
		}
		if strings.HasPrefix(f.Question, "Q:") || strings.HasPrefix(f.Question, "[Errata]") || strings.HasPrefix(f.Answer, "A:") {
			t.Errorf("FAQ markers not stripped: %q / %q", f.Question, f.Answer)
		}
	}
	if !slices.Equal(types, []string{"faq", "faq", "errata"}) {
		t.Errorf("FAQ types %q", types)
	}
	errata := recordsOf(x, wikirules.KindErrata)
	if len(errata) != 1 || !strings.HasPrefix(errata[0].Text, "[Errata]") || errata[0].Fields["faq_id"] != x.FAQs[2].ID {
		t.Errorf("errata record %+v", errata)
	}
	if !slices.Equal(x.Categories, []string{"Common Skills"}) {
		t.Errorf("categories %q", x.Categories)
	}
}

// TestTrabado checks the C1 and N4 activation and cancellation texts of
// Trabado: edition-scoped, alternatives of each other, and selected by
// Editions.Holds as `query show -edition c1` will.
func TestTrabado(t *testing.T) {
	x := ExtractText(seedRevision(t, "Trabado"))
	tests := []struct {
		kind         wikirules.Kind
		ed           wikirules.Edition
		wantTexts    []string // Plain prefixes, in order
		unwantedSub  string   // text of the other edition
		wantOrdinals []int
	}{
		{wikirules.KindActivation, wikirules.C1, []string{"Este estado se activa cuando la Tropa se encuentra en contacto de Silueta con una Tropa Enemiga, y ambas se hallan en un estado no Nulo o Inmovilizado."}, "Sepsitorizado", []int{1}},
		{wikirules.KindActivation, wikirules.N4, []string{"Este estado se activa cuando la Tropa se encuentra en contacto de Silueta con una Tropa Enemiga, y ambas se hallan en un estado no Nulo (excepto Sepsitorizado y Poseído) ni Inmovilizado."}, "estado no Nulo o Inmovilizado", []int{1}},
		{wikirules.KindCancellation, wikirules.C1, []string{"Este estado se cancela cuando", "El estado Trabado se cancela si en el paso 5.1 Efectos de la Orden todas las Tropas Enemigas en contacto de Silueta se encuentran en un estado considerado Nulo o Inmovilizado.", "Una Tropa también podrá cancelar", "En caso de no poder romper"}, "Poseído", []int{1, 2, 3, 0}},
		{wikirules.KindCancellation, wikirules.N4, []string{"Este estado se cancela cuando", "El estado Trabado se cancela si en el paso 5.1 Efectos de la Orden todas las Tropas Enemigas en contacto de Silueta se encuentran en estado Inmovilizado o Nulo (excepto Poseído o Sepsitorizado).", "Una Tropa también podrá cancelar", "En caso de no poder romper"}, "considerado Nulo", []int{1, 2, 3, 0}},
	}
	for _, tc := range tests {
		var got []wikirules.Record
		for _, r := range recordsOf(x, tc.kind) {
			if r.Editions.Holds(tc.ed) {
				got = append(got, r)
			}
		}
		if len(got) != len(tc.wantTexts) {
			t.Errorf("%s in %v: %d records, want %d", tc.kind, tc.ed, len(got), len(tc.wantTexts))
			continue
		}
		for i, w := range tc.wantTexts {
			if !strings.HasPrefix(got[i].Plain, w) || strings.Contains(got[i].Plain, tc.unwantedSub) {
				t.Errorf("%s in %v #%d: %q, want prefix %q", tc.kind, tc.ed, i, got[i].Plain, w)
			}
		}
		var ords []int
		for _, r := range got {
			ords = append(ords, r.Ordinal)
		}
		if want := tc.wantOrdinals; !slices.Equal(ords, want) {
			t.Errorf("%s in %v: ordinals %v, want %v", tc.kind, tc.ed, ords, want)
		}
	}
	acts := recordsOf(x, wikirules.KindActivation)
	if len(acts) != 2 || acts[0].Alternative == "" || acts[0].Alternative != acts[1].Alternative {
		t.Errorf("activation alternatives: %+v", acts)
	}
	eff := recordsOf(x, wikirules.KindEffect)[1]
	if !slices.Equal(eff.Notes, []string{"Berserk se puede declarar cuando se esta en Estado Trabado."}) || strings.Contains(eff.Plain, "Berserk se puede") {
		t.Errorf("seefaq note of effect 2: %q / %q", eff.Notes, eff.Plain)
	}
}
