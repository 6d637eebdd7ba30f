package kb_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
)

// Example stores one revision of the Trabado page with two of its records
// and its errata faqbox, then searches it.
func Example() {
	ctx := context.Background()
	db, err := kb.Open(ctx, ":memory:")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	ts := time.Date(2021, 2, 11, 10, 43, 16, 0, time.UTC)
	text := "{{cancellation}}\n* Este estado se cancela cuando la Tropa en cuestión deja de encontrarse en contacto de [[Silueta]] con una Tropa Enemiga.\n"
	rev := wikirules.Revision{
		Page: wikirules.Page{Title: "Trabado", Language: "es", Wiki: "infinity-es"},
		ID:   wikirules.DeriveRevisionID("Trabado", ts, text), Timestamp: ts,
		Format: wikirules.FormatContribs, Text: text,
	}
	q := "[Errata] ¿Se puede declarar Berserk si se empieza la Orden en Estado Trabado?"
	x := &wikirules.Extraction{
		Records: []wikirules.Record{{
			ID: "trabado-cancelacion-1", Section: []string{"Cancelación"}, Kind: wikirules.KindCancellation,
			Ordinal: 1, Depth: 1, Span: wikirules.Span{Start: 17, End: len(text) - 1},
			Text:  "Este estado se cancela cuando la Tropa en cuestión deja de encontrarse en contacto de [[Silueta]] con una Tropa Enemiga.",
			Plain: "Este estado se cancela cuando la Tropa en cuestión deja de encontrarse en contacto de Silueta con una Tropa Enemiga.",
		}},
		FAQs: []wikirules.FAQ{{
			ID: wikirules.FAQID("errata", "N4 Errata", "1.0, enero 2021", q), Type: "errata", Title: "N4 Errata",
			Version: "1.0, enero 2021", Question: q, Related: []string{"Berserk", "Trabado"},
			Answer: "Si. Berserk se puede declarar cuando se está en el Estado Trabado.",
		}},
	}
	res, err := db.Put(ctx, []kb.Item{{Rev: rev, X: x}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("added", res.Added, "records", res.Records, "faqs", res.FAQs)

	for _, text := range []string{"silueta enemiga", `berserk "trabado`} {
		hits, err := db.SearchText(ctx, text, wikirules.Filter{})
		if err != nil {
			log.Fatal(err)
		}
		for _, h := range hits {
			fmt.Println(h.Citation)
			fmt.Println(" ", h.Snippet)
		}
	}
	// Output:
	// added 1 records 1 faqs 1
	// Trabado › Cancelación › 1 — rev 2021-02-11T10:43:16Z
	//   Este estado se cancela cuando la Tropa en cuestión deja de encontrarse en contacto de «Silueta» con una Tropa «Enemiga».
	// Trabado › FAQs & Errata › N4 Errata (errata version 1.0, enero 2021) — rev 2021-02-11T10:43:16Z
	//   [Errata] ¿Se puede declarar «Berserk» si se empieza la Orden en Estado «Trabado»? Si. «Berserk» se puede declarar cuando se está en el Estado…
}
