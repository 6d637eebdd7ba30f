package extract

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/wikitext"
)

func fixture(t *testing.T, name, title string) (wikirules.Revision, *wikirules.Extraction) {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	ts := time.Date(2022, 1, 10, 12, 0, 0, 0, time.UTC)
	rev := wikirules.Revision{Page: wikirules.Page{Title: title, Language: "es"}, Timestamp: ts, Text: string(b),
		ID: wikirules.DeriveRevisionID(title, ts, string(b)), Format: wikirules.FormatContribs}
	x := ExtractText(rev)
	if c := x.Coverage(len(rev.Text)); c != 1 || Rebuild(rev.Text, x) != rev.Text {
		t.Errorf("%s: coverage %.3f, rebuild ok %v", name, c, Rebuild(rev.Text, x) == rev.Text)
	}
	return rev, x
}

// TestUpdateFixture: an Esquivar revision with an {{update | 1.1.1, dic
// 2021}} box and its {{original}} block.
func TestUpdateFixture(t *testing.T) {
	_, x := fixture(t, "esquivar_update.wiki", "Esquivar")
	effs := recordsOf(x, wikirules.KindEffect)
	type want struct {
		ord          int
		version      string
		superseded   bool
		supersededBy int // index in effs, -1 for none
		prefix       string
	}
	wants := []want{
		{1, "1.1.1, dic 2021", false, -1, "Permite realizar una Tirada Enfrentada para evitar todos los Ataques de los enemigos declarados contra la Tropa"},
		{2, "1.1.1, dic 2021", false, -1, "La Tropa que declara Esquivar realizará una Tirada Enfrentada de su Atributo de FIS contra el Atributo que esté empleando su adversario."},
		{1, "", true, 0, "Permite realizar una Tirada Enfrentada para evitar todos los Ataques de los enemigos, que"},
		{2, "", true, 1, "La Tropa que declara Esquivar realizará una Tirada Enfrentada de su Atributo de FIS contra el Atributo que esté empleando su adversario para"},
		{3, "", false, -1, "Esquivar no permite evitar los Programas de Hackeo."},
	}
	if len(effs) != len(wants) {
		t.Fatalf("%d effect records, want %d", len(effs), len(wants))
	}
	for i, w := range wants {
		r := effs[i]
		by := ""
		if w.supersededBy >= 0 {
			by = effs[w.supersededBy].ID
		}
		if r.Ordinal != w.ord || r.Version != w.version || r.Superseded != w.superseded || r.SupersededBy != by || !strings.HasPrefix(r.Plain, w.prefix) {
			t.Errorf("effect %d: ord %d version %q superseded %v by %q %q; want %+v (by %q)", i, r.Ordinal, r.Version, r.Superseded, r.SupersededBy, r.Plain, w, by)
		}
	}
	if effs[0].Fields["errata_highlight"] != "declarados contra la Tropa" || effs[3].Fields["original_highlight"] != "CD, CC, FIS o VOL" {
		t.Errorf("highlights %v / %v", effs[0].Fields, effs[3].Fields)
	}
	if !slices.Equal(effs[4].Notes, []string{"N4 Errata, sólo se aplica un MOD de -3."}) {
		t.Errorf("seefaq notes %q", effs[4].Notes)
	}
	for _, tc := range []struct {
		kind    wikirules.Kind
		section string
		text    string
	}{
		{wikirules.KindImportant, "Importante", "Se deberá aplicar un MOD de -3 a la Tirada de FIS en las siguientes situaciones."},
		{wikirules.KindRemember, "Recuerda", "Una Tirada exitosa de Esquivar permite **mover** hasta 5 cm."},
		{wikirules.KindNote, "Consejo", "Esquivar es la mejor ORA contra Armas de Plantilla."},
	} {
		rs := recordsOf(x, tc.kind)
		if len(rs) != 1 || rs[0].Text != tc.text || rs[0].Section[len(rs[0].Section)-1] != tc.section {
			t.Errorf("%s records %+v", tc.kind, rs)
		}
	}
	if len(x.FAQs) != 1 || x.FAQs[0].Version != "1.1.1, dic 2021" || x.FAQs[0].Type != "errata" ||
		!slices.Equal(x.FAQs[0].Related, []string{"Esquivar", "Armas y Equipo de Plantilla"}) {
		t.Errorf("FAQs %+v", x.FAQs)
	}
	if len(x.Diagnostics) != 0 {
		t.Errorf("diagnostics %q", x.Diagnostics)
	}
}

// TestN5Fixture: an N5 page with {{css_skillbox}} and {{n5_weaponrow}}.
func TestN5Fixture(t *testing.T) {
	_, x := fixture(t, "n5_page.wiki", "Pistola")
	if x.PageEditions != wikirules.Editions(wikirules.N5) {
		t.Errorf("page editions %v, want n5", x.PageEditions)
	}
	sk := recordsOf(x, wikirules.KindSkill)
	if len(sk) != 1 || sk[0].Skill.Name != "PISTOLA" || sk[0].Skill.Type != "EQUIPO" || !slices.Equal(sk[0].Skill.Labels, []string{"Arma CD"}) {
		t.Errorf("skill %+v", sk)
	}
	ws := recordsOf(x, wikirules.KindWeapon)
	if len(ws) != 2 {
		t.Fatalf("%d weapon rows, want 2", len(ws))
	}
	for i, w := range []map[string]string{
		{"name": "Pistola", "range_0_20": "+3", "range_40_60": "-3", "damage": "13", "burst": "2", "ammo": "N", "saving_attribute": "BLI", "traits": "CC, Munición Normal"},
		{"name": "Pistola Pesada", "damage": "15", "burst": "1", "traits": "CC"},
	} {
		r := ws[i]
		for k, v := range w {
			if r.Fields[k] != v {
				t.Errorf("row %d field %s = %q, want %q", i, k, r.Fields[k], v)
			}
		}
		if r.Title != w["name"] || r.Ordinal != i+1 || r.Editions != wikirules.Editions(wikirules.N5) || r.Template != "n5_weaponrow" {
			t.Errorf("row %d: %+v", i, r)
		}
	}
	if !slices.Equal(ws[0].Links, []string{"CC", "Munición Normal"}) {
		t.Errorf("row links %q", ws[0].Links)
	}
	for _, r := range recordsOf(x, wikirules.KindEffect) {
		if r.Editions != wikirules.Editions(wikirules.N5) {
			t.Errorf("effect %q editions %v", r.Plain, r.Editions)
		}
	}
}

// TestUnknownFixture: unknown templates are kept and counted; missing and
// stray end templates are recovered with diagnostics (docs/DESIGN.md rule 9).
func TestUnknownFixture(t *testing.T) {
	_, x := fixture(t, "unknown.wiki", "Reglas")
	if x.Unknown["nota"] != 1 || x.Unknown["tooltip"] != 1 || len(x.Unknown) != 2 {
		t.Errorf("unknown %v", x.Unknown)
	}
	tm := recordsOf(x, wikirules.KindTemplate)
	if len(tm) != 1 || tm[0].Template != "Nota" || tm[0].Text != "{{Nota | Esta página está en revisión.}}" {
		t.Errorf("template records %+v", tm)
	}
	rules := recordsOf(x, wikirules.KindRule)
	if len(rules) < 3 || !strings.Contains(rules[0].Text, "{{tooltip|ORA|Orden de Reacción Automática}}") ||
		rules[2].Editions != wikirules.Editions(wikirules.C1) || rules[2].Plain != "Regla sólo de CodeOne." {
		t.Errorf("rules %+v", rules)
	}
	ex := recordsOf(x, wikirules.KindExample)
	if len(ex) != 1 || ex[0].Title != "Ejemplo sin cierre" || ex[0].Text != "El ejemplo no tiene plantilla de cierre." {
		t.Errorf("example %+v", ex)
	}
	wantDiag := []string{"{{greybox-start}} is never closed", "{{n4end}} closes nothing", "{{c1}} is never closed"}
	if len(x.Diagnostics) != len(wantDiag) {
		t.Fatalf("diagnostics %q", x.Diagnostics)
	}
	for i, w := range wantDiag {
		if !strings.Contains(x.Diagnostics[i], w) || !strings.HasPrefix(x.Diagnostics[i], "Reglas (rev d") {
			t.Errorf("diagnostic %d %q, want %q", i, x.Diagnostics[i], w)
		}
	}
}

// TestVocabularyLookup: names are matched as MediaWiki does (first letter
// case-blind, "_" = space), and adding a template is one entry.
func TestVocabularyLookup(t *testing.T) {
	v := Default()
	for _, tc := range []struct {
		name string
		role Role
	}{
		{"Remember_End", RoleBoxEnd}, {"remember-end", RoleBoxEnd}, {"Important-start", RoleBoxStart},
		{"important", RoleBoxStart}, {"Section-basic-rules", RoleLayout}, {"n5-section-weapons", RoleLayout},
		{"css_skillbox", RoleSkill}, {"N4-weapon-header", RoleTableHeader}, {"n5_weaponrow", RoleTableRow},
		{"n4annex", RoleEditionStart}, {"update", RoleUpdateStart}, {"original-end", RoleOriginalEnd},
		{"erratahighlight", RoleHighlight}, {"Erratahighlight-end", RoleHighlightEnd}, {"seefaq", RoleSeeFAQ}, {"faqbox", RoleFAQ}, {"tooltip", RoleUnknown},
	} {
		e, _ := v.Lookup(tc.name)
		if e.Role != tc.role {
			t.Errorf("Lookup(%q) = %v, want %v", tc.name, e.Role, tc.role)
		}
	}
	c := v.Clone()
	c.Templates["nota"] = Entry{Role: RoleBoxStart, Group: "nota", Kind: wikirules.KindNote, Label: "Nota", ContentParam: 1}
	rev := wikirules.Revision{Page: wikirules.Page{Title: "P"}, ID: "r", Text: "{{Nota | Texto de la nota.}}\n"}
	x := c.Extract(rev, parse(rev.Text))
	if len(x.Records) != 1 || x.Records[0].Kind != wikirules.KindNote || x.Records[0].Text != "Texto de la nota." || len(x.Unknown) != 0 {
		t.Errorf("custom vocabulary: %+v", x)
	}
	if _, ok := v.Templates["nota"]; ok {
		t.Error("Clone shares its template map with Default")
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Activación de una Tropa": "activacion-de-una-tropa", "G: Jumper": "g-jumper",
		"Órdenes y Reserva de Órdenes": "ordenes-y-reserva-de-ordenes", "¡¡¡Retirada!!!": "retirada", "": "page",
		"Dāturazi": "daturazi", "Pingüino Ñandú": "pinguino-nandu",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLookupMatchesNormalizeName: the allocation-free key of Lookup agrees
// with wikitext.NormalizeName.
func TestLookupMatchesNormalizeName(t *testing.T) {
	for _, name := range []string{"Remember_End", " Important-start ", "n4  list", "Section-basic-rules", "N4-weapon-header",
		"css_skillbox", "Activación", "a\tb", "_x_", ""} {
		var buf [64]byte
		got, ok := asciiKey(name, buf[:0])
		if want := wikitext.NormalizeName(name); ok && string(got) != want {
			t.Errorf("asciiKey(%q) = %q, NormalizeName %q", name, got, want)
		}
	}
}

func TestCollapse(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "a": "a", " a  b\n\tc ": "a b c", "a\u00a0b": "a b", "ya limpio": "ya limpio", "\n\n": "", "á  é": "á é",
	} {
		if got := collapse(in); got != want {
			t.Errorf("collapse(%q) = %q, want %q", in, got, want)
		}
	}
}
