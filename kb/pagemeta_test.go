package kb

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// TestPageMeta checks that PageMeta and PagesMeta give the Categories and
// PageEditions of Page, now and as of a date, for the fixture pages (by
// exact and by folded title). The older revision of "Activación de una
// Tropa" is given one more category and N4 page editions here, so that a
// read of the wrong revision shows.
func TestPageMeta(t *testing.T) {
	ctx := context.Background()
	older, newer := activacion(t)
	older.X.Categories = []string{"Basic Rules", "Command Module"}
	older.X.PageEditions = wikirules.Editions(wikirules.N4)
	db := openTest(t, esquivar(t), trabado(t), berserk(t), newer, older)
	between := older.Rev.Timestamp.Add(time.Minute)
	before := older.Rev.Timestamp.Add(-time.Second)
	for _, tc := range []struct {
		title    string
		asOf     time.Time
		cats     []string
		editions wikirules.Editions
		found    bool
	}{
		{"Esquivar", time.Time{}, []string{"Game States"}, n4c1, true},
		{"Berserk", time.Time{}, []string{"Special Skills"}, wikirules.Editions(wikirules.N4), true},
		{"berserk", time.Time{}, []string{"Special Skills"}, wikirules.Editions(wikirules.N4), true},
		{"Trabado", time.Time{}, []string{"Combat Module"}, n4c1, true},
		{"Activación de una Tropa", time.Time{}, []string{"Basic Rules"}, n4c1, true},
		{"activacion de una tropa", between, []string{"Basic Rules", "Command Module"}, wikirules.Editions(wikirules.N4), true},
		{"Activación de una Tropa", older.Rev.Timestamp, []string{"Basic Rules", "Command Module"}, wikirules.Editions(wikirules.N4), true},
		{"Activación de una Tropa", newer.Rev.Timestamp, []string{"Basic Rules"}, n4c1, true},
		{"Activación de una Tropa", before, nil, 0, false},
		{"Berserk", before, nil, 0, false},
		{"Fireteams en Turno Activo", time.Time{}, nil, 0, false},
	} {
		t.Run(tc.title+"@"+tc.asOf.Format(time.RFC3339), func(t *testing.T) {
			f := wikirules.Filter{AsOf: tc.asOf}
			cats, editions, err := db.PageMeta(ctx, tc.title, f)
			v, perr := db.Page(ctx, tc.title, f)
			if !tc.found {
				if !errors.Is(err, wikirules.ErrNotFound) || !errors.Is(perr, wikirules.ErrNotFound) {
					t.Fatalf("PageMeta: %v, Page: %v; want ErrNotFound from both", err, perr)
				}
			} else {
				if err != nil || perr != nil {
					t.Fatalf("PageMeta: %v, Page: %v", err, perr)
				}
				if !reflect.DeepEqual(cats, v.Categories) || editions != v.PageEditions {
					t.Errorf("PageMeta = %q, %v; Page gives %q, %v", cats, editions, v.Categories, v.PageEditions)
				}
				if !reflect.DeepEqual(cats, tc.cats) || editions != tc.editions {
					t.Errorf("PageMeta = %q, %v; want %q, %v", cats, editions, tc.cats, tc.editions)
				}
			}
			// PagesMeta, with the title among others, agrees.
			titles := []string{"Esquivar", tc.title, "Daño", "Trabado"}
			mc, me, err := db.PagesMeta(ctx, titles, f)
			if err != nil {
				t.Fatal(err)
			}
			if e, ok := me[tc.title]; ok != tc.found || e != tc.editions || !reflect.DeepEqual(mc[tc.title], tc.cats) {
				t.Errorf("PagesMeta[%q] = %q, %v (found %v); want %q, %v (found %v)", tc.title, mc[tc.title], e, ok, tc.cats, tc.editions, tc.found)
			}
			if _, ok := me["Daño"]; ok {
				t.Errorf("PagesMeta gives the unknown page Daño: %v", me)
			}
			for _, other := range []string{"Esquivar", "Trabado"} {
				c, e, err := db.PageMeta(ctx, other, f)
				if _, ok := me[other]; ok != (err == nil) || (ok && (!reflect.DeepEqual(mc[other], c) || me[other] != e)) {
					t.Errorf("PagesMeta[%q] = %q, %v; PageMeta gives %q, %v, %v", other, mc[other], me[other], c, e, err)
				}
			}
		})
	}
}
