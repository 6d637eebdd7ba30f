package extract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// dumpRecords renders records one per line for table tests:
// "kind ordinal/depth [editions] section | text {extras}".
func dumpRecords(x *wikirules.Extraction) string {
	idx := map[string]int{}
	for i, r := range x.Records {
		idx[r.ID] = i
	}
	var b strings.Builder
	for _, r := range x.Records {
		fmt.Fprintf(&b, "%s %d/%d", r.Kind, r.Ordinal, r.Depth)
		if r.Editions != 0 {
			fmt.Fprintf(&b, " %s", r.Editions.Label())
		}
		fmt.Fprintf(&b, " %s | %s", strings.Join(r.Section, " › "), r.Text)
		if r.Alternative != "" {
			fmt.Fprintf(&b, " {alt %d}", idx[r.Alternative])
		}
		if r.Version != "" {
			fmt.Fprintf(&b, " {v %s}", r.Version)
		}
		if r.Superseded {
			fmt.Fprintf(&b, " {superseded by %d}", idx[r.SupersededBy])
		}
		for _, k := range []string{"item", "annex", "name", "burst", "skill_type"} {
			if v, ok := r.Fields[k]; ok {
				fmt.Fprintf(&b, " {%s %s}", k, v)
			}
		}
		if len(r.Notes) > 0 {
			fmt.Fprintf(&b, " {notes %q}", r.Notes)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestSnippets: one row per construct of the vocabulary, with the records
// it must give (dumpRecords) and the diagnostics expected (substrings).
func TestSnippets(t *testing.T) {
	tests := []struct {
		name, in, want string
		diags          []string
	}{
		{"bare important box", "{{important}}\nTexto importante.\n{{important-end}}\n",
			"important 0/0 Importante | Texto importante.\n", nil},
		{"remember with Remember_End", "{{remember-start}}\n* Uno.\n* Dos.\n{{Remember_End}}\nFuera.\n",
			"remember 1/1 Recuerda | Uno.\nremember 2/1 Recuerda | Dos.\nrule 0/0  | Fuera.\n", nil},
		{"annex rule", "{{n4annex}}\nRegla provisional.\n{{n4end}}\n",
			"rule 0/0 [N4]  | Regla provisional. {annex true}\n", nil},
		{"n4 then c1 are alternatives", "{{effects}}\n{{n4}}\n* N4.\n{{n4end}}\n{{c1}}\n* C1.\n{{c1end}}\n* Común.\n",
			"effect 1/1 [N4] Efectos | N4. {alt 0}\neffect 1/1 [C1] Efectos | C1. {alt 0}\neffect 2/1 [N4 C1] Efectos | Común.\n", nil},
		{"n4list after n4 is not an alternative", "{{n4}}\n* A.\n{{n4end}}{{n4list}}\n* B.\n{{n4end}}\n",
			"rule 1/1 [N4]  | A.\nrule 2/1 [N4]  | B.\n", nil},
		{"alternatives of different sizes form one group", "{{c1}}\n* A.\n{{c1end}}{{n4list}}\nIntro:\n* A2.\n* B2.\n{{n4end}}\n* C.\n",
			"rule 1/1 [C1]  | A. {alt 0}\nrule 0/0 [N4]  | Intro: {alt 0}\nrule 1/1 [N4]  | A2. {alt 0}\nrule 2/1 [N4]  | B2. {alt 0}\nrule 3/1 [N4 C1]  | C.\n", nil},
		{"nested bullets", "{{effects}}\n* A\n** A1\n** A2\n*** A2a\n* B\n",
			"effect 1/1 Efectos | A\neffect 1/2 Efectos | A1 {item 1.1}\neffect 1/2 Efectos | A2 {item 1.2}\neffect 1/3 Efectos | A2a {item 1.2.1}\neffect 2/1 Efectos | B\n", nil},
		{"heading ends the block", "{{effects}}\n* A\n== Otra ==\n* B\n",
			"effect 1/1 Efectos | A\nrule 1/1 Otra | B\n", nil},
		{"seefaq alone attaches to the bullet before", "* Regla.\n{{seefaq | Nota.}}\n* Otra.\n",
			"rule 1/1  | Regla. {notes [\"Nota.\"]}\nrule 2/1  | Otra.\n", nil},
		{"end template inside an item", "{{c1}}\n* Sólo C1. {{c1end}}\n* Común.\n",
			"rule 1/1 [C1]  | Sólo C1.\nrule 2/1 [N4 C1]  | Común.\n", nil},
		{"inline n4 in a bullet", "* Caso: {{n4inline}}sólo en N4{{n4inline-end}} fin.\n",
			"rule 1/1  | Caso: [N4: sólo en N4] fin.\n", nil},
		{"original before its update", "{{original}}\n* Viejo.\n{{original-end}}\n{{update|1.2|feb 2022}}\n* Nuevo.\n{{update-end}}\n",
			"rule 1/1  | Viejo. {superseded by 1}\nrule 2/1  | Nuevo. {v 1.2, feb 2022}\n", nil},
		{"update with named version and date", "{{update|version=1.3|date=nov 2022}}\nNuevo.\n{{update-end}}\n",
			"rule 0/0  | Nuevo. {v 1.3, nov 2022}\n", nil},
		{"css_skillbox with named parameters", "{{css_skillbox|color=red|name=SALTO|type=HABILIDAD CORTA DE MOVIMIENTO}}\n",
			"skill 0/0 [N5]  | **SALTO** — HABILIDAD CORTA DE MOVIMIENTO\n", nil},
		{"example inside a box with a weapon table", "{{important-start}}\n{{greybox-start|Perfil}}\n{{weapon}}\n{{weaponrow|Mina|--|--|--|--|--|--|--|13|1|N|BLI|}}\n|}\n{{greybox-end}}\n{{important-end}}\n",
			"example 0/0 Perfil | **Mina** | -- | -- | -- | -- | -- | -- | -- | 13 | 1 | N | BLI |\n", nil},
		{"hacking row", "{{n4-hacking-header}}\n{{hackingrow | [[Ruido Blanco]] | - | - | -- | 1 | -- | Hab. Corta | Efecto}}\n|}\n",
			"program 1/0  | **Ruido Blanco** | - | - | -- | 1 | -- | Hab. Corta | Efecto {name Ruido Blanco} {burst 1} {skill_type Hab. Corta}\n", nil},
		{"N4 weapon header", "{{N4-weapon-header}}\n{{weaponrow|Mina|--|--|--|--|--|--|--|13|1|N|BLI|[[Posicionable]]}}\n|}\n",
			"weapon 1/0  | **Mina** | -- | -- | -- | -- | -- | -- | -- | 13 | 1 | N | BLI | Posicionable {name Mina} {burst 1}\n", nil},
		{"explain box with numbered list", "{{explain-start}}\nPasos:\n# Uno.\n# Dos.\n{{explain-end}}\n",
			"note 0/0 Explicación | Pasos:\nnote 1/1 Explicación | Uno.\nnote 2/1 Explicación | Dos.\n", nil},
		{"example title and body", "{{greybox-start | Ejemplo X}}\nPaso:\n* Uno\n** Dos\n{{image | name=a.jpg}}\n{{greybox-end}}\n",
			"example 0/0 Ejemplo X | Paso:\n\n- Uno\n  - Dos\n", nil},
		{"skill label not right after its header", "{{skillbox |green| A | B}}\nTexto.\n{{skill-label | X}}\n",
			"skill 0/0  | **A** — B\n\nEtiquetas: X\nrule 0/0  | Texto.\nrule 0/0  | Etiquetas: X\n", nil},
		{"edition blocks do not nest", "{{n4}}\n== H ==\n{{n4annex}}\nA.\n{{n4end}}\nB.\n",
			"rule 0/0 [N4] H | A. {annex true}\nrule 0/0 [N4 C1] H | B.\n", []string{"{{n4}} is not closed before {{n4annex}}"}},
		{"mismatched box end", "{{remember-start}}\n* A.\n{{important-end}}\nB.\n",
			"remember 1/1 Recuerda | A.\nrule 0/0  | B.\n", []string{"{{important-end}} closes {{remember-start}}"}},
		{"formatting and links", "'''Negrita''' y ''cursiva'' con [[Tropa|tropas]] y [[Orden]]es.<br>Fin&nbsp;.\n",
			"rule 0/0  | **Negrita** y *cursiva* con tropas y Ordenes. Fin .\n", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rev := wikirules.Revision{Page: wikirules.Page{Title: "P"}, ID: "r", Text: tc.in}
			x := ExtractText(rev)
			if got := dumpRecords(x); got != tc.want {
				t.Errorf("records:\n%s\nwant:\n%s", got, tc.want)
			}
			// A snippet is undated: what shows no edition is "edition
			// unknown" (TestEditionRule checks that); the constructs are
			// what this test is about.
			var diags []string
			for _, d := range x.Diagnostics {
				if !strings.Contains(d, "edition unknown") {
					diags = append(diags, d)
				}
			}
			if len(diags) != len(tc.diags) {
				t.Errorf("diagnostics %q, want %q", diags, tc.diags)
			}
			for i, d := range tc.diags {
				if i < len(diags) && !strings.Contains(diags[i], d) {
					t.Errorf("diagnostic %q, want %q", diags[i], d)
				}
			}
			if Rebuild(tc.in, x) != tc.in || x.Coverage(len(tc.in)) != 1 {
				t.Errorf("not lossless: coverage %.3f", x.Coverage(len(tc.in)))
			}
		})
	}
}
