package kb

import (
	"context"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// TestMergeFAQs: an FAQ stored without title and version merges into the
// FAQ named for it when only rendered pages show it: one FAQ remains, with
// both occurrences, its search rows, and no row left of the other. The
// same entry shown by a wikitext revision (an untitled {{faqbox}}) is an
// FAQ of its own and stays.
func TestMergeFAQs(t *testing.T) {
	const question = "¿Cómo funcionan los requisitos de LDT y ZC de las Habilidades?"
	titled := wikirules.FAQ{Type: "faq", Title: "N4 FAQ", Version: "1.0, enero 2021", Question: question,
		Answer: "Los Requisitos de LDT deben cumplirse al declarar las Habilidades.", Related: []string{"Zona de Control"}}
	titled.ID = wikirules.FAQID(titled.Type, titled.Title, titled.Version, question)
	untitled := wikirules.FAQ{Type: "faq", Question: question, Answer: titled.Answer}
	untitled.ID = wikirules.FAQID(untitled.Type, "", "", question)
	page := wikirules.Page{Title: "Activación de una Tropa", Language: "es"}
	item := func(id string, format wikirules.Format, day int, f wikirules.FAQ) Item {
		ts := time.Date(2021, 2, day, 10, 0, 0, 0, time.UTC)
		f.Pages, f.FirstRevision, f.LastRevision, f.Timestamp = []string{page.Title}, id, id, ts
		return Item{Rev: wikirules.Revision{ID: id, Page: page, Timestamp: ts, Format: format, Text: "Q: " + question},
			X: &wikirules.Extraction{FAQs: []wikirules.FAQ{f}}}
	}
	for _, tc := range []struct {
		format wikirules.Format
		faqs   int
	}{{wikirules.FormatPageText, 1}, {wikirules.FormatHTML, 1}, {wikirules.FormatContribs, 2}} {
		ctx := context.Background()
		db := openTest(t, item("d0000000000000001", tc.format, 12, untitled), item("d0000000000000002", wikirules.FormatContribs, 11, titled))
		w, err := db.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.MergeFAQs(ctx, map[string]string{untitled.ID: titled.ID, "faq-not-stored": titled.ID}); err != nil {
			t.Fatal(err)
		}
		if _, err := w.Commit(); err != nil {
			t.Fatal(err)
		}
		faqs, err := db.FAQs(ctx, "", wikirules.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(faqs) != tc.faqs {
			t.Fatalf("%s: %d FAQs after the merge, want %d", tc.format, len(faqs), tc.faqs)
		}
		if tc.faqs > 1 {
			continue
		}
		f := faqs[0]
		// The rendered occurrence is the newer: its question and answer
		// win, the related pages it did not show are kept.
		if f.ID != titled.ID || f.LastRevision != "d0000000000000001" || f.FirstRevision != "d0000000000000002" || len(f.Related) != 1 {
			t.Errorf("%s: merged FAQ %s first %s last %s related %v", tc.format, f.ID, f.FirstRevision, f.LastRevision, f.Related)
		}
		var rows, current int
		if err := db.db.QueryRow(`SELECT (SELECT count(*) FROM search WHERE rowid < 0), (SELECT count(*) FROM search_current WHERE rowid < 0)`).Scan(&rows, &current); err != nil {
			t.Fatal(err)
		}
		if rows != 1 || current != 1 {
			t.Errorf("%s: %d and %d FAQ search rows, want 1 and 1", tc.format, rows, current)
		}
		if err := db.Integrity(ctx); err != nil {
			t.Errorf("%s: %v", tc.format, err)
		}
	}
}
