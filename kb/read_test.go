package kb

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/sample"
)

// recordIDs returns the ids of recs.
func recordIDs(recs []wikirules.Record) []string {
	out := []string{}
	for _, r := range recs {
		out = append(out, r.ID)
	}
	return out
}

// TestPageLookup finds pages by exact title, then case-, accent- and
// underscore-insensitively; partial titles are not found.
func TestPageLookup(t *testing.T) {
	ctx := context.Background()
	older, newer := activacion(t)
	db := openTest(t, esquivar(t), older, newer)
	for _, tc := range []struct{ in, want string }{
		{"Esquivar", "Esquivar"},
		{"esquivar", "Esquivar"},
		{"ESQUIVAR", "Esquivar"},
		{"Activación de una Tropa", "Activación de una Tropa"},
		{"activacion de una tropa", "Activación de una Tropa"},
		{"Activacio\u0301n_de_una_Tropa", "Activación de una Tropa"},
		{"  ACTIVACIÓN  DE UNA TROPA ", "Activación de una Tropa"},
		{"Esquiva", ""},
		{"Activación", ""},
		{"", ""},
	} {
		v, err := db.Page(ctx, tc.in, wikirules.Filter{})
		if tc.want == "" {
			if !errors.Is(err, wikirules.ErrNotFound) {
				t.Errorf("Page(%q) = %v, want ErrNotFound", tc.in, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Page(%q): %v", tc.in, err)
		} else if v.Page.Title != tc.want {
			t.Errorf("Page(%q) = %q, want %q", tc.in, v.Page.Title, tc.want)
		}
	}
}

// TestPageAsOf checks that the current revision is the newest, and that
// AsOf picks the older revision of "Activación de una Tropa" (English
// seefaq note) between the two.
func TestPageAsOf(t *testing.T) {
	ctx := context.Background()
	older, newer := activacion(t)
	db := openTest(t, newer, older) // put order must not matter
	for _, tc := range []struct {
		name string
		asOf time.Time
		rev  string
		note string
	}{
		{"now", time.Time{}, newer.Rev.ID, "Los Requisitos de LDT se comprueban en el momento de declarar la Habilidad."},
		{"at newer", newer.Rev.Timestamp, newer.Rev.ID, "Los Requisitos de LDT se comprueban en el momento de declarar la Habilidad."},
		{"between", older.Rev.Timestamp.Add(time.Minute), older.Rev.ID, "LoF Requirements are checked when declaring the Skill."},
		{"at older", older.Rev.Timestamp, older.Rev.ID, "LoF Requirements are checked when declaring the Skill."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := wikirules.Filter{AsOf: tc.asOf}
			v, err := db.Page(ctx, "Activación de una Tropa", f)
			if err != nil {
				t.Fatal(err)
			}
			if v.Revision.ID != tc.rev || v.Revision.Text == "" {
				t.Fatalf("revision %s (text %d bytes), want %s", v.Revision.ID, len(v.Revision.Text), tc.rev)
			}
			if len(v.Records) != 1 || !reflect.DeepEqual(v.Records[0].Notes, []string{tc.note}) {
				t.Errorf("records %v", v.Records)
			}
			if !reflect.DeepEqual(v.Categories, []string{"Basic Rules"}) || len(v.FAQs) != 1 {
				t.Errorf("categories %v, %d FAQs", v.Categories, len(v.FAQs))
			}
			recs, err := db.Records(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != 1 || recs[0].RevisionID != tc.rev {
				t.Errorf("Records = %v, want the record of %s", recordIDs(recs), tc.rev)
			}
			f.Kinds = []wikirules.Kind{wikirules.KindRule}
			hits, err := db.SearchText(ctx, "resolución", f)
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) != 1 || hits[0].Record == nil || hits[0].Record.RevisionID != tc.rev {
				t.Errorf("SearchText(resolución) = %v, want the record of %s", hits, tc.rev)
			}
		})
	}
	_, err := db.Page(ctx, "Activación de una Tropa", wikirules.Filter{AsOf: older.Rev.Timestamp.Add(-time.Second)})
	if !errors.Is(err, wikirules.ErrNotFound) {
		t.Errorf("Page before the first revision: %v, want ErrNotFound", err)
	}
	hist, err := db.History(ctx, "activacion de una tropa", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) != 2 || hist[0].ID != older.Rev.ID || hist[1].ID != newer.Rev.ID || hist[0].Text != "" {
		t.Errorf("History = %v", hist)
	}
}

// TestEditionFilter checks Filter.Edition on records (their editions and
// their page's: Berserk is {{n4only}}, so it has no CodeOne records) and
// FAQs (N4 FAQs are hidden for c1).
func TestEditionFilter(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, esquivar(t), berserk(t), trabado(t))
	for _, tc := range []struct {
		page    string
		edition wikirules.Edition
		want    []string
		faqs    int
	}{
		{"Esquivar", 0, []string{"esquivar-skill", "esquivar-requisitos-1", "esquivar-requisitos-2", "esquivar-requisitos-3",
			"esquivar-efectos-1-c1", "esquivar-efectos-1-n4", "esquivar-efectos-2", "esquivar-efectos-6-1",
			"esquivar-importante-1-c1", "esquivar-ejemplo-1"}, 0},
		{"Esquivar", wikirules.C1, []string{"esquivar-skill", "esquivar-requisitos-1", "esquivar-requisitos-2", "esquivar-requisitos-3",
			"esquivar-efectos-1-c1", "esquivar-efectos-2", "esquivar-efectos-6-1", "esquivar-importante-1-c1", "esquivar-ejemplo-1"}, 0},
		{"Esquivar", wikirules.N4, []string{"esquivar-skill", "esquivar-requisitos-1", "esquivar-requisitos-2", "esquivar-requisitos-3",
			"esquivar-efectos-1-n4", "esquivar-efectos-2", "esquivar-efectos-6-1", "esquivar-ejemplo-1"}, 0},
		{"Berserk", wikirules.N4, []string{"berserk-skill", "berserk-efectos-1", "berserk-recuerda-1"}, 3},
		{"Berserk", wikirules.C1, []string{}, 0},
		{"Berserk", wikirules.N5, []string{}, 0},
		{"Trabado", wikirules.C1, []string{"trabado-efectos-2", "trabado-cancelacion-3"}, 0},
		{"Trabado", wikirules.N4, []string{"trabado-efectos-2", "trabado-cancelacion-3"}, 2},
	} {
		f := wikirules.Filter{Edition: tc.edition}
		v, err := db.Page(ctx, tc.page, f)
		if err != nil {
			t.Fatal(err)
		}
		if got := recordIDs(v.Records); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s [%v]: records %v, want %v", tc.page, wikirules.Editions(tc.edition), got, tc.want)
		}
		if len(v.FAQs) != tc.faqs {
			t.Errorf("%s [%v]: %d FAQs, want %d", tc.page, wikirules.Editions(tc.edition), len(v.FAQs), tc.faqs)
		}
		f.Pages = []string{tc.page}
		recs, err := db.Records(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		if got := recordIDs(recs); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Records(%s [%v]) = %v, want %v", tc.page, wikirules.Editions(tc.edition), got, tc.want)
		}
	}
	if v, _ := db.Page(ctx, "Berserk", wikirules.Filter{}); v.PageEditions != wikirules.Editions(wikirules.N4) {
		t.Errorf("Berserk page editions %v, want n4", v.PageEditions)
	}
	hits, err := db.SearchText(ctx, "berserk", wikirules.Filter{Edition: wikirules.C1})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if h.FAQ != nil || h.Record.Page == "Berserk" {
			t.Errorf("c1 search shows N4-only %v", h.Citation)
		}
	}
	if len(hits) != 1 || hits[0].Record.ID != "trabado-efectos-2" {
		t.Errorf("c1 search for berserk: %d hits, want Trabado's effect", len(hits))
	}
}

// TestUnscopedFilter checks Filter.Unscoped: with an edition, the records
// and FAQs scoped to no edition are kept too, by Records, FAQs and the FTS5
// search, and those of another edition are still not. Trabado here says no
// edition (its records and one FAQ scoped to none); Berserk is {{n4only}}.
func TestUnscopedFilter(t *testing.T) {
	ctx := context.Background()
	tr := trabado(t)
	for i := range tr.X.Records {
		tr.X.Records[i].Editions = 0
	}
	tr.X.PageEditions = 0
	tr.X.FAQs[1].Editions = 0 // faqDodgeBerserk; the errata stays N4
	db := openTest(t, tr, berserk(t))
	for _, tc := range []struct {
		f    wikirules.Filter
		recs []string
		faqs int
	}{
		{wikirules.Filter{Edition: wikirules.C1}, []string{}, 0},
		{wikirules.Filter{Edition: wikirules.C1, Unscoped: true}, []string{"trabado-efectos-2", "trabado-cancelacion-3"}, 1},
		{wikirules.Filter{Edition: wikirules.N4, Unscoped: true}, []string{"trabado-efectos-2", "trabado-cancelacion-3"}, 2},
		{wikirules.Filter{Unscoped: true}, []string{"trabado-efectos-2", "trabado-cancelacion-3"}, 2},
	} {
		f := tc.f
		f.Pages = []string{"Trabado"}
		recs, err := db.Records(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		if got := recordIDs(recs); !reflect.DeepEqual(got, tc.recs) {
			t.Errorf("Records(Trabado, %v unscoped %v) = %v, want %v", wikirules.Editions(tc.f.Edition), tc.f.Unscoped, got, tc.recs)
		}
		faqs, err := db.FAQs(ctx, "", f)
		if err != nil {
			t.Fatal(err)
		}
		if len(faqs) != tc.faqs {
			t.Errorf("FAQs(Trabado, %v unscoped %v): %d, want %d", wikirules.Editions(tc.f.Edition), tc.f.Unscoped, len(faqs), tc.faqs)
		}
	}
	for _, tc := range []struct {
		f    wikirules.Filter
		want []string // the pages of the hits
	}{
		{wikirules.Filter{Edition: wikirules.C1}, nil},
		{wikirules.Filter{Edition: wikirules.C1, Unscoped: true}, []string{"Trabado"}},
		{wikirules.Filter{Edition: wikirules.N4, Unscoped: true}, []string{"Berserk", "Trabado"}},
	} {
		hits, err := db.SearchText(ctx, "berserk trabado", tc.f)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, h := range hits {
			if !slices.Contains(got, h.Citation.Page) {
				got = append(got, h.Citation.Page)
			}
		}
		slices.Sort(got)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SearchText(berserk trabado, %v unscoped %v): pages %v, want %v", wikirules.Editions(tc.f.Edition), tc.f.Unscoped, got, tc.want)
		}
	}
}

// updated is the rendered text of "Activación de una Tropa" (sample 001),
// dated by its newest update marker, with the ORA paragraph updated in
// 1.1.1 and its superseded original.
func updated(t testing.TB) Item {
	buf, err := fs.ReadFile(sample.FS(), "001_929bef096f6219fe.txt")
	if err != nil {
		t.Fatal(err)
	}
	when := time.Date(2022, 11, 1, 0, 0, 0, 0, time.UTC)
	text := string(buf)
	rev := wikirules.Revision{Page: wikirules.Page{Title: "Activación de una Tropa", Language: "es", Wiki: "infinity-es"},
		ID: wikirules.DeriveRevisionID("Activación de una Tropa", when, text), Timestamp: when, TimestampInferred: true,
		Format: wikirules.FormatPageText, Text: text, Origin: "001_929bef096f6219fe.txt:0"}
	m := recordMaker{t, rev}
	cur := m.rec("activacion-ora-1", wikirules.KindRule, []string{"ORA: Orden de Reacción Automática"}, 1,
		"En Infinity, gracias a la ORA (Orden de Reacción Automática), la acción nunca para y el jugador puede actuar también durante el Turno Activo de su adversario, reaccionando con sus Tropas, Miniaturas y Marcadores",
		"En Infinity, gracias a la ORA (Orden de Reacción Automática), la acción nunca para y el jugador puede actuar también durante el Turno Activo de su adversario, reaccionando con sus Tropas, Miniaturas y Marcadores")
	cur.Version = "1.1.1, Dec 2021"
	old := m.rec("activacion-ora-1-original", wikirules.KindRule, []string{"ORA: Orden de Reacción Automática", "Original"}, 1,
		"En Infinity, gracias a la ORA (Orden de Reacción Automática), la acción nunca para y el jugador puede actuar también durante el Turno Activo de su adversario, reaccionando con sus Miniaturas y Marcadores",
		"En Infinity, gracias a la ORA (Orden de Reacción Automática), la acción nunca para y el jugador puede actuar también durante el Turno Activo de su adversario, reaccionando con sus Miniaturas y Marcadores")
	old.Superseded, old.SupersededBy = true, cur.ID
	return Item{Rev: rev, X: &wikirules.Extraction{Records: []wikirules.Record{cur, old}}}
}

// TestSuperseded checks that superseded records are hidden unless
// Filter.History, and kept by RevisionRecords.
func TestSuperseded(t *testing.T) {
	ctx := context.Background()
	older, newer := activacion(t)
	up := updated(t)
	db := openTest(t, older, newer, up)
	for _, tc := range []struct {
		history bool
		want    []string
	}{
		{false, []string{"activacion-ora-1"}},
		{true, []string{"activacion-ora-1", "activacion-ora-1-original"}},
	} {
		v, err := db.Page(ctx, "Activación de una Tropa", wikirules.Filter{History: tc.history})
		if err != nil {
			t.Fatal(err)
		}
		if got := recordIDs(v.Records); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("history=%v: %v, want %v", tc.history, got, tc.want)
		}
		if !v.Revision.TimestampInferred || v.Revision.Format != wikirules.FormatPageText {
			t.Errorf("revision %+v", v.Revision)
		}
		// its records say so, so their citation does not read as a revision date
		for _, r := range v.Records {
			if !r.TimestampInferred || !strings.Contains(wikirules.CitationOf(r).String(), "(undated; shows an update of 2022-11)") {
				t.Errorf("record %s: inferred %v, citation %q", r.ID, r.TimestampInferred, wikirules.CitationOf(r))
			}
		}
		// The FAQ shown by the older revisions names the page: it stays in view.
		if len(v.FAQs) != 1 {
			t.Errorf("history=%v: %d FAQs, want the related one", tc.history, len(v.FAQs))
		}
		hits, err := db.SearchText(ctx, "miniaturas marcadores", wikirules.Filter{History: tc.history})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, h := range hits {
			got = append(got, h.Record.ID)
		}
		if len(got) != len(tc.want) {
			t.Errorf("history=%v: search hits %v, want %v", tc.history, got, tc.want)
		}
	}
	recs, err := db.RevisionRecords(ctx, up.Rev.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[1].SupersededBy != "activacion-ora-1" {
		t.Errorf("RevisionRecords = %v", recordIDs(recs))
	}
}

// TestKindsAndPagesFilter checks Filter.Kinds and Filter.Pages on Records
// and FAQs.
func TestKindsAndPagesFilter(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, corpus(t)...)
	recs, err := db.Records(ctx, wikirules.Filter{Kinds: []wikirules.Kind{wikirules.KindRequirement, wikirules.KindSkill}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"berserk-skill", "esquivar-skill", "esquivar-requisitos-1", "esquivar-requisitos-2", "esquivar-requisitos-3"}
	if got := recordIDs(recs); !reflect.DeepEqual(got, want) {
		t.Errorf("Records(skill, requirement) = %v, want %v", got, want)
	}
	recs, err = db.Records(ctx, wikirules.Filter{Pages: []string{"trabado", "No existe"}, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := recordIDs(recs); !reflect.DeepEqual(got, []string{"trabado-efectos-2"}) {
		t.Errorf("Records(trabado, limit 1) = %v", got)
	}
	faqs, err := db.FAQs(ctx, "", wikirules.Filter{Kinds: []wikirules.Kind{wikirules.KindErrata}})
	if err != nil {
		t.Fatal(err)
	}
	if got := faqIDs(faqs); !reflect.DeepEqual(got, []string{faqBerserkErrata().ID}) {
		t.Errorf("FAQs(errata) = %v", got)
	}
	// Related pages count: "Zona de Control" is not stored, but FAQs name it.
	faqs, err = db.FAQs(ctx, "", wikirules.Filter{Pages: []string{"Zona de Control"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(faqs) != 1 || !strings.Contains(faqs[0].Question, "LDT y ZC") {
		t.Errorf("FAQs(Zona de Control) = %v", faqs)
	}
}

// TestOpenReadOnly checks that a read-only database must exist, reads what
// was written, and refuses writes.
func TestOpenReadOnly(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "kb.db")
	if _, err := OpenReadOnly(ctx, path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("OpenReadOnly(missing) = %v, want fs.ErrNotExist", err)
	}
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Put(ctx, []Item{esquivar(t)}); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	v, err := ro.Page(ctx, "esquivar", wikirules.Filter{})
	if err != nil || len(v.Records) != 10 {
		t.Fatalf("read-only Page: %v", err)
	}
	if _, err := ro.Put(ctx, []Item{trabado(t)}); err == nil {
		t.Error("read-only Put succeeded")
	}
	if err := ro.Integrity(ctx); err != nil {
		t.Error(err)
	}
	// Reopening for writing is a no-op migration.
	db, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
}

// TestMemory checks that ":memory:" gives one working database.
func TestMemory(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Put(ctx, corpus(t)); err != nil {
		t.Fatal(err)
	}
	s, err := db.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if s.Pages != 4 || s.Revisions != 5 || s.FAQs != 4 {
		t.Errorf("Stats = %+v", s)
	}
}
