package lang

import (
	"slices"
	"strings"
	"testing"
)

func TestDefault(t *testing.T) {
	g, err := ParseGlossary("docs/GLOSSARY.md", docsGlossary())
	if err != nil {
		t.Fatal(err)
	}
	if g.Len() < 150 || g.Len() != Default().Len() {
		t.Errorf("glossary has %d concepts (Default %d), want the ~160 of docs/GLOSSARY.md", g.Len(), Default().Len())
	}
	for _, tc := range []struct {
		term string
		want []string
	}{
		{"ORA", []string{"ARO", "Orden de Reacción Automática", "Automatic Reaction Order"}},
		{"aro", []string{"ORA"}},
		{"LDT", []string{"LoF", "Línea de Tiro", "Line of Fire"}},
		{"LoF", []string{"LDT", "Línea de Tiro", "Line of Fire"}},
		{"linea de tiro", []string{"LDT", "LoF", "Line of Fire"}},
		{"Line of Fire", []string{"LDT", "LoF", "Línea de Tiro"}},
		{"Esquivar", []string{"Dodge", "dodging"}},
		{"dodge", []string{"Esquivar"}},
		{"Trabado", []string{"Engaged"}},
		{"Engaged", []string{"Trabado"}},
		{"ZC", []string{"ZoC"}},
		{"plantilla", []string{"Template"}},
		{"IMM-A", []string{"Inmovilizado-A", "Immobilized-A"}},
		{"Tirada de Salvación", []string{"TS", "Saving Roll"}},
		{"Reserva de Ordenes", []string{"Order Pool"}},
		{"Orden Irregular", []string{"Irregular Order"}},
		{"Plantilla de Lágrima", []string{"Teardrop Template"}},
		{"Suplantado", []string{"Suplantación", "Impersonation"}},
		{"Ejemplo", []string{"Examples"}},
		{"Páginas relacionadas", []string{"Related Pages"}},
		{"Armour", []string{"BLI", "ARM", "Armor", "Blindaje"}},
		{"ejecutar", []string{"declarar"}},
		{"levantar", []string{"cancelar", "cancel"}},
		{"at range", []string{"a distancia"}},
		{"impact", []string{"impacto", "hit"}},
		{"vuelven", []string{"volver", "return", "come back"}},
		{"MSV", []string{"VMS", "Visor Multiespectral", "Multispectral Visor"}},
		{"Visor Multiespectral", []string{"MSV"}},
		{"elegir", []string{"decidir"}},
	} {
		syn := g.Synonyms(tc.term)
		for _, w := range tc.want {
			if !slices.Contains(syn, w) {
				t.Errorf("Synonyms(%q) = %q, want it to hold %q", tc.term, syn, w)
			}
		}
		if slices.Contains(syn, tc.term) {
			t.Errorf("Synonyms(%q) = %q holds the term itself", tc.term, syn)
		}
	}
	for _, term := range []string{"Zhanshi", "Reset", "Berserk", "FAQs & Errata", "Irregular", ""} {
		if syn := g.Synonyms(term); syn != nil {
			t.Errorf("Synonyms(%q) = %q, want none", term, syn)
		}
	}
}

// TestSynonymsSymmetric: within a concept every term is a synonym of every
// other, both ways.
func TestSynonymsSymmetric(t *testing.T) {
	g := Default()
	for _, c := range g.Concepts() {
		for _, a := range c {
			syn := g.Synonyms(a)
			for _, b := range c {
				if Key(a) != Key(b) && !slices.Contains(syn, b) {
					t.Errorf("Synonyms(%q) = %q lacks %q of the same concept", a, syn, b)
				}
			}
		}
	}
}

func TestSegment(t *testing.T) {
	g := Default()
	for _, tc := range []struct{ text, want string }{
		{"ARO dodge template", "ARO=ORA|dodge=Esquivar|template=Plantilla"},
		{"linea de tiro mina", "linea de tiro=LDT|mina=Mine"},
		{"¿Se puede esquivar?", "Se|puede|esquivar=Dodge"},
		{"IMM-A reset", "IMM A=Inmovilizado-A|reset"},
		{"Orden de Reacción Automática", "Orden de Reacción Automática=ORA"},
		{"una orden", "una|orden=Order"},
		{"S R CD", "S=Silueta|R=Ráfaga|CD=BS"},
		{"a s r cd", "a|s|r|cd"},
		{"fuera de LDT", "fuera|de|LDT=LoF"},
		// A Spanish plural in "-es" is its singular's term, as an
		// English plural is.
		{"las Órdenes Regulares", "las|Órdenes Regulares=Regular Order"},
		{"Habilidades Especiales", "Habilidades Especiales=Special Skill"},
		{"Municiones", "Municiones=Ammunition"},
		{"dodges", "dodges=Esquivar"},
		// The zone the wiki names in full is one unit, not "Zona de
		// Visibilidad" and "Nula".
		{"una Zona de Visibilidad Nula", "una|Zona de Visibilidad Nula=Zero Visibility Zone"},
		{"Zero Visibility Zone", "Zero Visibility Zone=Zona de Visibilidad Nula"},
		{"MSV L1", "MSV=Multispectral Visor|L1"},
		// The words a judge shortens a term to, implied by its row
		// ("Reserva de Órdenes | Order Pool", "Token de Mando |
		// Command Token").
		{"from the pool", "from|the|pool=Reserva"},
		{"un Token del Mando", "un|Token|del|Mando=Command"},
		{"", ""},
	} {
		// want: the units, "|"-separated; "text=syn" for a glossary term
		// that has syn among its synonyms.
		units := g.Segment(tc.text)
		var want []string
		if tc.want != "" {
			want = strings.Split(tc.want, "|")
		}
		if len(units) != len(want) {
			t.Errorf("Segment(%q) = %+v, want %q", tc.text, units, tc.want)
			continue
		}
		for i, u := range units {
			text, syn, isTerm := strings.Cut(want[i], "=")
			if u.Text != text || isTerm != (len(u.Synonyms) > 0) || isTerm && !slices.Contains(u.Synonyms, syn) {
				t.Errorf("Segment(%q)[%d] = %+v, want %q", tc.text, i, u, want[i])
			}
		}
	}
}

func TestPhraseTerms(t *testing.T) {
	g := Default()
	got := terms(g.PhraseTerms("Fuera de su Línea de Tiro, en Orden de Reacción Automática"))
	want := "linea de tiro 12-26 @4|orden de reaccion automatica 31-61 @8|"
	if got != want {
		t.Errorf("PhraseTerms = %q, want %q", got, want)
	}
	ps := g.Phrases()
	if !slices.IsSorted(ps) || !slices.Contains(ps, "linea de tiro") || slices.Contains(ps, "ora") {
		t.Errorf("Phrases = %q: want sorted multi-word keys", ps)
	}
}

func TestParseGlossary(t *testing.T) {
	g, err := ParseGlossary("t.md", `intro | not a table row

| es | en | meaning |
|---|:--|--:|
| A1, A2 / B1 | X1 / Y1 | the meaning is ignored |
| C1 / C2 | Z1 |
| Same | same |
| D(s) | — |
| E1, E2 | — |
`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range g.Concepts() {
		got = append(got, strings.Join(c, "+"))
	}
	if want := "A1+A2+X1|B1+Y1|C1+C2+Z1|E1+E2"; strings.Join(got, "|") != want {
		t.Errorf("concepts = %q, want %q", strings.Join(got, "|"), want)
	}
	for _, tc := range []struct{ data, want string }{
		{"|---|---|\n", "t.md:1: a table separator row"},
		{"| es | en |\n|---|---|\n| solo |\n", "t.md:3: a table row needs"},
		{"| es | en |\n|---|---|\n| a, , b | c |\n", "t.md:3: a term with no word"},
	} {
		if _, err := ParseGlossary("t.md", tc.data); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseGlossary(%q) = %v, want an error %q", tc.data, err, tc.want)
		}
	}
}
