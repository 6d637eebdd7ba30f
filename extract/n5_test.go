package extract

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// n5Fixture extracts a fixture of testdata written from the wikitext that
// the corpus's diff screens show (corpus/wiki-pages), as a revision of the
// page title of the wiki of lang, dated after N5's first revisions.
func n5Fixture(t *testing.T, name, title, lang string) *wikirules.Extraction {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	ts := time.Date(2025, 4, 25, 15, 31, 0, 0, time.UTC)
	rev := wikirules.Revision{Page: wikirules.Page{Title: title, Language: lang, Wiki: "infinity-" + lang}, Timestamp: ts,
		Text: string(b), ID: wikirules.DeriveRevisionID(title, ts, string(b)), Format: wikirules.FormatContribs}
	x := ExtractText(rev)
	if c := x.Coverage(len(rev.Text)); c != 1 || Rebuild(rev.Text, x) != rev.Text {
		t.Errorf("%s: coverage %.3f, rebuild ok %v; diagnostics %q", name, c, Rebuild(rev.Text, x) == rev.Text, x.Diagnostics)
	}
	if len(x.Diagnostics) > 0 {
		t.Errorf("%s: diagnostics %q", name, x.Diagnostics)
	}
	return x
}

// recordLine is a record as the N5 fixtures' tables show it: "kind
// ordinal/depth [EDITIONS] section | first 40 characters of its plain
// text" (trimmed).
func recordLine(r wikirules.Record) string {
	text := []rune(r.Plain)
	return fmt.Sprintf("%s %d/%d %s %s | %s", r.Kind, r.Ordinal, r.Depth, r.Editions.Label(), strings.Join(r.Section, " › "),
		strings.TrimSpace(string(text[:min(len(text), 40)])))
}

// TestN5Fixtures reads the N5 wikitext of the current wikis, written from
// the diff screens of corpus/wiki-pages: css_skillbox and its end, the null
// flag in skill-label, roll, the n5table-dark wikitable, n5-section-*,
// ”'Restriction:”' bullets, a see-also box, and a page that keeps its
// CodeOne and N4 alternatives beside its N5 text.
func TestN5Fixtures(t *testing.T) {
	tests := []struct {
		file, title, lang string
		records           []string
		check             func(t *testing.T, x *wikirules.Extraction)
	}{
		{"n5_muerto.wiki", "Muerto", "es", []string{
			"rule 0/0 [N5]  | Si un objetivo acumula tantas Heridas co",
			"rule 0/0 [N5]  | En cambio, si la Tropa acumula más Herid",
			"skill 0/0 [N5]  | MUERTO Etiquetas: Nulo",
			"activation 1/1 [N5] Activación | Si una Tropa o elemento de juego (a part",
			"activation 2/1 [N5] Activación | Si una Tropa en estado Inconsciente reci",
			"effect 1/1 [N5] Efectos | La Tropa debe ser retirada de la mesa de",
			"effect 2/1 [N5] Efectos | La Tropa ya no aportará su orden a la Re",
			"effect 3/1 [N5] Efectos | Al efectuar el cálculo de Puntos de Vict",
			"cancellation 1/1 [N5] Cancelación | El estado Muerto es irreversible y no se",
		}, func(t *testing.T, x *wikirules.Extraction) {
			if h := x.Records[2].Skill; h.Color != "red" || h.Type != "" || len(h.Labels) != 1 || h.Labels[0] != "Nulo" {
				t.Errorf("skill header %+v, want red MUERTO, no type, label Nulo", h)
			}
			if len(x.Categories) != 1 || x.Categories[0] != "Game States" {
				t.Errorf("categories %q", x.Categories)
			}
		}},
		{"n5_isolated_state.wiki", "Isolated State", "en", []string{
			"skill 0/0 [N5]  | ISOLATED STATE",
			"activation 1/1 [N5] Activation | The Trooper or game element (\"Trooper\" f",
			"effect 1/1 [N5] Effects | Restriction: Troopers in Isolated State",
			"effect 2/1 [N5] Effects | Restriction: If, at the start of their f",
			"effect 3/1 [N5] Effects | Restriction: The Irregular Order of an I",
			"effect 4/1 [N5] Effects | Restriction: While in Isolated State all",
			"effect 5/1 [N5] Effects | If the Isolated Trooper is the army's Li",
		}, nil},
		{"n5_martial_arts.wiki", "Martial Arts", "en", []string{
			"rule 0/0 [N5]  | Thanks to intense training, Troopers wit",
			"skill 0/0 [N5]  | MARTIAL ARTS — AUTOMATIC SKILL Labels: C",
			"requirement 1/1 [N5] Requirements | In the Active or Reactive Turn, the Troo",
			"effect 1/1 [N5] Effects | Each Level of Martial Arts gives a serie",
			"effect 2/1 [N5] Effects | The Trooper's Unit Profile will list whi",
			"rule 1/0 [N5]  | Level: 1; Attack MOD: 0; Opponent MOD: -",
			"rule 2/0 [N5]  | Level: 2; Attack MOD: +3; Opponent MOD:",
			"rule 3/0 [N5]  | Level: 3; Attack MOD: +3; Opponent MOD:",
			"rule 4/0 [N5]  | Level: 4; Attack MOD: +3; Opponent MOD:",
			"rule 5/0 [N5]  | Level: 5; Attack MOD: +3; Opponent MOD:",
		}, func(t *testing.T, x *wikirules.Extraction) {
			r := x.Records[7]
			// the row carries its header cells; the caption row spanning
			// the table is its title, not a column's label; the row of a
			// level is titled as the wiki names a level ("Martial Arts L3")
			if want := "Level: 3; Attack MOD: +3; Opponent MOD: -3; Burst MOD: +1 SD"; r.Plain != want || r.Title != "L3" {
				t.Errorf("row 3 plain %q title %q, want %q title L3", r.Plain, r.Title, want)
			}
			want := map[string]string{"level": "3", "attack_mod": "+3", "opponent_mod": "-3", "burst_mod": "+1 SD", "table": "Martial Arts Chart"}
			for k, v := range want {
				if r.Fields[k] != v {
					t.Errorf("row 3 field %s = %q, want %q", k, r.Fields[k], v)
				}
			}
			if len(r.Links) != 1 || r.Links[0] != "SD" {
				t.Errorf("row 3 links %q, want [SD]", r.Links)
			}
		}},
		{"n5_municion_shock.wiki", "Munición Shock", "es", []string{
			"rule 0/0 [N5]  | Este tipo de Munición se caracteriza por",
			"skill 0/0 [N5]  | MUNICIÓN SHOCK",
			"roll 1/1 [N5] Tirada | La Munición Shock (SHOCK) obliga a su ob",
			"effect 1/1 [N5] Efectos | En caso de fallar la Tirada de Salvación",
			"effect 2/1 [N5] Efectos | Un Crítico con Munición Shock obliga a s",
			"effect 3/1 [N5] Efectos | Si la Tropa objetivo dispone del Atribut",
		}, nil},
		{"n5_courage.wiki", "Courage", "en", []string{
			"rule 0/0 [N5]  | This trooper is unafraid of death and re",
			"skill 0/0 [N5]  | COURAGE — AUTOMATIC SKILL",
			"effect 1/1 [N5] Effects | Courage allows its user to choose to aut",
			"effect 2/1 [N5] Effects | Troopers with the Courage Special Skill",
			"effect 3/1 [N5] Effects | However, even in a Retreat! situation, T",
			"reference 0/0 [N5] See Also | Retreat! and Loss of Lieutenant Summary",
		}, func(t *testing.T, x *wikirules.Extraction) {
			if r := x.Records[5]; r.Fields["target"] != "Retreat! and Loss of Lieutenant Summary Chart" {
				t.Errorf("see-also target %q", r.Fields["target"])
			}
		}},
		{"n5_direct_template_weapons.wiki", "Direct Template Weapons", "en", []string{
			"rule 0/0 [N5]  | As their name implies, these are the one",
			"skill 0/0 [N5]  | DIRECT TEMPLATE WEAPONS",
			"effect 1/1 [N5] Effects | They do not require a BS Roll to hit.",
			"effect 2/1 [C1] Effects | The Template must be placed when declari",
			"effect 2/1 [N4] Effects | The Template must be placed when declari",
			"effect 3/1 [N5] Effects | When declaring the Attack, the Template",
			"effect 4/1 [N5] Effects | The placement of the Direct Template dep",
			"effect 4/2 [N5] Effects | Direct Teardrop Template: The narrow end",
		}, func(t *testing.T, x *wikirules.Extraction) {
			c1, n4 := x.Records[3], x.Records[4]
			if c1.Alternative == "" || c1.Alternative != n4.Alternative || x.Records[5].Alternative != "" {
				t.Errorf("C1 / N4 alternatives: %q %q", c1.Alternative, n4.Alternative)
			}
			if x.PageEditions != wikirules.Editions(wikirules.N4|wikirules.C1|wikirules.N5) {
				t.Errorf("page editions %v, want n4,c1,n5", x.PageEditions)
			}
			if len(c1.Notes) != 1 || len(n4.Notes) != 1 || c1.Notes[0] != "See FAQs & Errata" {
				t.Errorf("seefaq notes %q / %q, want the English wiki's \"See FAQs & Errata\"", c1.Notes, n4.Notes)
			}
		}},
		{"n5_cautious_movement.wiki", "Cautious Movement", "en", []string{
			"rule 0/0 [N5]  | Under certain circumstances, Troopers ca",
			"skill 0/0 [N5]  | CAUTIOUS MOVEMENT — LONG SKILL Labels: M",
			"effect 1/1 [N5] Effects | Allows the Trooper to move up to the fir",
			"effect 2/1 [N5] Effects | Restriction. For this Cautious Movement",
			"effect 3/1 [N5] Effects | If the Cautious Movement begins or ends",
			"effect 4/1 [N5] Effects | Restriction. For the Cautious Movement o",
		}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			x := n5Fixture(t, tc.file, tc.title, tc.lang)
			var got []string
			for _, r := range x.Records {
				got = append(got, recordLine(r))
			}
			if strings.Join(got, "\n") != strings.Join(tc.records, "\n") {
				t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.records, "\n"))
			}
			if tc.check != nil && len(x.Records) == len(tc.records) {
				tc.check(t, x)
			}
		})
	}
}
