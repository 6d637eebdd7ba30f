package diff

import (
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
)

// seedHistories reads the seed contributions dump and returns, for each
// page with more than one revision, its revisions oldest first.
func seedHistories(t testing.TB) map[string][]wikirules.Revision {
	t.Helper()
	f, err := sample.FS().Open(sample.DumpName)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	revs, err := source.ReadAll(source.NewContribs(f, sample.DumpName))
	if err != nil {
		t.Fatal(err)
	}
	all := map[string][]wikirules.Revision{}
	for _, rev := range revs {
		all[rev.Page.Title] = append(all[rev.Page.Title], *rev)
	}
	out := map[string][]wikirules.Revision{}
	for title, revs := range all {
		if len(revs) < 2 {
			continue
		}
		// the dump lists newest first; order by time
		for i := 1; i < len(revs); i++ {
			for j := i; j > 0 && revs[j].Timestamp.Before(revs[j-1].Timestamp); j-- {
				revs[j], revs[j-1] = revs[j-1], revs[j]
			}
		}
		out[title] = revs
	}
	return out
}

func records(rev wikirules.Revision) []wikirules.Record {
	return extract.ExtractText(rev).Records
}

// TestSeedPairs checks the classified changes of the five pages of the
// seed dump that have two revisions.
func TestSeedPairs(t *testing.T) {
	hist := seedHistories(t)
	tests := []struct {
		page   string
		kind   wikirules.Kind
		field  string
		class  Class
		reason string // one of the field's reasons, "" to skip
		old    string // the old field value
		new    string
		count  int // changes expected
	}{
		{"Sin Incapacidad por Herida", wikirules.KindRule, "text", Cosmetic, "case",
			"Las tropas con esta Habilidad Especial tienen una capacidad superior a la hora de soportar Heridas o daños sufridos durante el combate.",
			"Las Tropas con esta Habilidad Especial tienen una capacidad superior a la hora de soportar Heridas o daños sufridos durante el combate.", 1},
		{"Suplantado", wikirules.KindExample, "title", Translation, "en → es",
			"Impersonation Example 2", "Ejemplo de Suplantación 2", 1},
		{"Ataque Intuitivo", wikirules.KindEffect, "note 1", Wording, "",
			"Ataques CD, MOD de Daño, etc, se aplicarán.", "Los MOD de Daño, etc, a Ataque CD se aplicarán.", 1},
		{"Activación de una Tropa", "", "note 1", Translation, "en → es",
			"LoF Requirements are checked when declaring the Skill.",
			"Los Requisitos de LDT se comprueban en el momento de declarar la Habilidad.", 2},
		{"GizmoKit", wikirules.KindEffect, "note 1", Wording, "",
			"Se se recupera a 1 de EST, el Estado Inconsciente se cancela.",
			"Si se recupera 1 de EST, el Estado Inconsciente se cancela.", 1},
	}
	for _, tt := range tests {
		t.Run(tt.page, func(t *testing.T) {
			revs := hist[tt.page]
			if len(revs) != 2 {
				t.Fatalf("%d revisions of %s in the seed dump, want 2", len(revs), tt.page)
			}
			d := Records(records(revs[0]), records(revs[1]))
			for _, c := range d.Changes {
				t.Logf("%s", c.Summary())
			}
			if len(d.Changes) != tt.count {
				t.Fatalf("%d changes, want %d", len(d.Changes), tt.count)
			}
			if d.Substantive() {
				t.Errorf("diff classified substantive: %s", d.Headline())
			}
			if d.Class != tt.class {
				t.Errorf("diff class %s, want %s", d.Class, tt.class)
			}
			for _, c := range d.Changes {
				if c.Op != Changed || c.Moved {
					t.Errorf("op %s moved=%v, want changed in place", c.Op, c.Moved)
				}
				if tt.kind != "" && c.Kind != tt.kind {
					t.Errorf("kind %s, want %s", c.Kind, tt.kind)
				}
				if len(c.Fields) != 1 {
					t.Fatalf("fields %+v, want one %q", c.Fields, tt.field)
				}
				f := c.Fields[0]
				if f.Field != tt.field || f.Class != tt.class || f.Old != tt.old || f.New != tt.new {
					t.Errorf("field %q %s %q → %q, want %q %s %q → %q", f.Field, f.Class, f.Old, f.New, tt.field, tt.class, tt.old, tt.new)
				}
				if tt.reason != "" && !contains(f.Reasons, tt.reason) {
					t.Errorf("reasons %q, want %q among them", f.Reasons, tt.reason)
				}
				if len(changedOnly(f.Edits)) == 0 {
					t.Errorf("no word edits for %q → %q", f.Old, f.New)
				}
				if c.Citation.Revision != revs[1].ID || c.Citation.Page != tt.page {
					t.Errorf("citation %+v, want the new revision %s of %s", c.Citation, revs[1].ID, tt.page)
				}
			}
			if d.Unchanged+len(d.Changes) != len(records(revs[1])) {
				t.Errorf("unchanged %d + changes %d ≠ %d records", d.Unchanged, len(d.Changes), len(records(revs[1])))
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
