package kb

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// rewritten returns the two revisions of "Activación de una Tropa" as a
// page the wiki rewrote for N5: the older (09:37:47) holds N4 and
// CodeOne, the newer (09:39:58), current, holds N5 only.
func rewritten(t testing.TB) (older, newer Item) {
	older, newer = activacion(t)
	for i := range newer.X.Records {
		newer.X.Records[i].ID = "activacion-n5"
		newer.X.Records[i].Editions = wikirules.Editions(wikirules.N5)
	}
	newer.X.PageEditions = wikirules.Editions(wikirules.N5)
	return older, newer
}

// TestHeldRecords checks that for an edition the current revision of a
// page holds no record of, the page's newest older revision that holds
// one serves it, marked HeldFor and citing its own revision; that a page
// whose current revision holds the edition, or a read without an
// edition, gives only current records; that an edition no revision holds
// gives nothing; and that a page view of the edition shows the revision
// that holds it.
func TestHeldRecords(t *testing.T) {
	ctx := context.Background()
	older, newer := rewritten(t)
	db := openTest(t, older, newer, trabado(t))
	page := []string{"Activación de una Tropa"}
	type rec struct {
		id, revision string
		held         wikirules.Editions
	}
	got := func(recs []wikirules.Record) []rec {
		out := []rec{}
		for _, r := range recs {
			out = append(out, rec{r.ID, r.RevisionID, r.HeldFor})
		}
		return out
	}
	n4 := wikirules.Editions(wikirules.N4)
	for _, tc := range []struct {
		f    wikirules.Filter
		want []rec
	}{
		{wikirules.Filter{Pages: page}, []rec{{"activacion-n5", newer.Rev.ID, 0}}},
		{wikirules.Filter{Pages: page, Edition: wikirules.N5}, []rec{{"activacion-n5", newer.Rev.ID, 0}}},
		{wikirules.Filter{Pages: page, Edition: wikirules.N4}, []rec{{"activacion-secuencia-6", older.Rev.ID, n4}}},
		{wikirules.Filter{Pages: page, Edition: wikirules.N4, Unscoped: true}, []rec{{"activacion-secuencia-6", older.Rev.ID, n4}}},
		{wikirules.Filter{Pages: page, Edition: wikirules.N3}, []rec{}},
		{wikirules.Filter{Pages: []string{"Trabado"}, Edition: wikirules.N4}, []rec{
			{"trabado-efectos-2", trabado(t).Rev.ID, 0}, {"trabado-cancelacion-3", trabado(t).Rev.ID, 0}}},
		// As of a time before the N5 revision, the N4 one is current.
		{wikirules.Filter{Pages: page, Edition: wikirules.N4, AsOf: older.Rev.Timestamp.Add(time.Minute)},
			[]rec{{"activacion-secuencia-6", older.Rev.ID, 0}}},
	} {
		recs, err := db.Records(ctx, tc.f)
		if err != nil {
			t.Fatal(err)
		}
		if g := got(recs); !reflect.DeepEqual(g, tc.want) {
			t.Errorf("Records(%v, edition %v, as of %v) = %v, want %v", tc.f.Pages, wikirules.Editions(tc.f.Edition), tc.f.AsOf, g, tc.want)
		}
	}
	// A page view of the edition shows the revision that holds it.
	for _, tc := range []struct {
		ed   wikirules.Edition
		want string
	}{{0, newer.Rev.ID}, {wikirules.N5, newer.Rev.ID}, {wikirules.N4, older.Rev.ID}, {wikirules.N3, newer.Rev.ID}} {
		v, err := db.Page(ctx, page[0], wikirules.Filter{Edition: tc.ed})
		if err != nil {
			t.Fatal(err)
		}
		if v.Revision.ID != tc.want {
			t.Errorf("Page(%s, edition %v): revision %s, want %s", page[0], wikirules.Editions(tc.ed), v.Revision.ID, tc.want)
		}
	}
	// Every edition at once: one record held for N4 and CodeOne; Trabado
	// holds both in its only revision and has none held.
	held, err := db.HeldRecords(ctx, wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	want := []rec{{"activacion-secuencia-6", older.Rev.ID, n4 | wikirules.Editions(wikirules.C1)}}
	if g := got(held); !reflect.DeepEqual(g, want) {
		t.Errorf("HeldRecords() = %v, want %v", g, want)
	}
	if held, err := db.HeldRecords(ctx, wikirules.Filter{Edition: wikirules.N5}); err != nil || len(held) != 0 {
		t.Errorf("HeldRecords(N5) = %v, %v; want none (the current revision holds N5)", got(held), err)
	}
	if held, err := db.HeldRecords(ctx, wikirules.Filter{Pages: []string{"Trabado"}}); err != nil || len(held) != 0 {
		t.Errorf("HeldRecords(Trabado) = %v, %v; want none", got(held), err)
	}
}
