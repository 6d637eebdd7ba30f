package kb

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// TestAsOfSkipsUndatedRevisions: a rendered page that shows no date is
// stored with the zero time; it is part of the current wiki but never of
// the wiki as of a date (it cannot be shown to have existed then).
func TestAsOfSkipsUndatedRevisions(t *testing.T) {
	ctx := context.Background()
	text := "Módulo de Combate\n\nEl valor máximo de Ráfaga (R) de cualquier Ataque nunca puede ser superior a 6."
	rev := wikirules.Revision{
		Page: wikirules.Page{Title: "Módulo de Combate", Language: "es", Wiki: "infinity-es"},
		ID:   wikirules.DeriveRevisionID("Módulo de Combate", time.Time{}, text), TimestampInferred: true,
		Format: wikirules.FormatPageText, Text: text,
	}
	rec := wikirules.Record{ID: "modulo-de-combate-1", Kind: wikirules.KindImportant, Ordinal: 1,
		Text:  "El valor máximo de Ráfaga (R) de cualquier Ataque nunca puede ser superior a 6.",
		Plain: "El valor máximo de Ráfaga (R) de cualquier Ataque nunca puede ser superior a 6.",
		Span:  wikirules.Span{Start: 19, End: len(text)}}
	db := openTest(t, Item{Rev: rev, X: &wikirules.Extraction{Records: []wikirules.Record{rec}}}, berserk(t))

	if _, err := db.Page(ctx, "Módulo de Combate", wikirules.Filter{}); err != nil {
		t.Fatalf("current wiki: %v", err)
	}
	asOf := wikirules.Filter{AsOf: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	if _, err := db.Page(ctx, "Módulo de Combate", asOf); !errors.Is(err, wikirules.ErrNotFound) {
		t.Errorf("as of 2030: err = %v, want ErrNotFound for an undated page", err)
	}
	hits, err := db.SearchText(ctx, "ráfaga superior", asOf)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if h.Citation.Page == "Módulo de Combate" {
			t.Errorf("as-of search found the undated page: %+v", h.Citation)
		}
	}
	recs, err := db.Records(ctx, asOf)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Page == "Módulo de Combate" {
			t.Error("as-of Records holds the undated page")
		}
	}
	if hits, _ := db.SearchText(ctx, "ráfaga superior", wikirules.Filter{}); len(hits) == 0 {
		t.Error("the current wiki's search must find the undated page")
	}
}
