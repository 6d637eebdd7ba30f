package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/report"
)

// TestShowSkillBoxes checks the header lines show prints for the skillboxes
// of the seed dump: a state's box ({{skillbox |black| AISLADO |}}) names no
// skill and prints nothing, one with labels prints them, one that fills
// only the type prints the type, and a skill prints name and type.
func TestShowSkillBoxes(t *testing.T) {
	for _, tc := range []struct{ page, want string }{
		{"Aislado", ""},
		{"Trabado", ""},
		{"Munición Humo", "[box] MUNICIÓN HUMO — labels: No letal, Sin Objetivo\n"},
		{"Tirada de Agallas", "[skill] TIRADA DE AGALLAS\n"},
		{"Ingeniero", "[skill] INGENIERO — HABILIDAD CORTA — labels: Opcional\n"},
	} {
		out := runQuery(t, "show", tc.page)
		var got []string
		for _, l := range strings.SplitAfter(out, "\n") {
			if strings.HasPrefix(l, "[skill]") || strings.HasPrefix(l, "[box]") {
				got = append(got, l)
			}
		}
		if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) != 1 || got[0] != tc.want) {
			t.Errorf("show %s: header lines %q, want %q", tc.page, got, tc.want)
		}
		if strings.Contains(out, "— —") {
			t.Errorf("show %s prints an empty field as a dash:\n%s", tc.page, out)
		}
	}
}

// TestInferredDateNotShownAsTimestamp: a rendered page carries no date of
// its own; the time read from its newest update marker (Activación de una
// Tropa: "Actualización 1.3, nov 2022") is printed as that month, said to
// be undated, in the header as in every citation, and never as a date and
// hour; ask's data line says so too, and its -json marks the revision.
func TestInferredDateNotShownAsTimestamp(t *testing.T) {
	out := runQuery(t, "show", "Activación de una Tropa")
	head, _, _ := strings.Cut(out, "\n")
	if !strings.Contains(head, "rev d32549fa3f3bdcf31 (undated; shows an update of 2022-11)") {
		t.Errorf("show header %q does not say the revision is undated and shows an update of 2022-11", head)
	}
	if strings.Contains(out, "2022-11-01") {
		t.Errorf("show prints the inferred month as a timestamp:\n%.600s", out)
	}

	a := &engine.Answer{
		Sources: []engine.Source{{Citation: wikirules.Citation{Page: "Activación de una Tropa", Revision: "d32549fa3f3bdcf31",
			Timestamp: time.Date(2022, 11, 1, 0, 0, 0, 0, time.UTC), TimestampInferred: true}}},
		Data: engine.DataVersion{Revisions: []engine.PageRevision{
			{Page: "Activación de una Tropa", Revision: "d32549fa3f3bdcf31", Timestamp: time.Date(2022, 11, 1, 0, 0, 0, 0, time.UTC)},
			{Page: "Berserk", Revision: "1234", Timestamp: time.Date(2021, 2, 11, 10, 0, 0, 0, time.UTC)},
		}},
	}
	var b strings.Builder
	printData(&b, report.DataOf(a.Data, a.Sources), "Datos", "es")
	want := "Datos: Activación de una Tropa @ d32549fa3f3bdcf31 (sin fecha; muestra una actualización de 2022-11); Berserk @ 2021-02-11T10:00:00Z\n"
	if b.String() != want {
		t.Errorf("data line %q, want %q", b.String(), want)
	}
	var doc struct {
		Data struct {
			Revisions []struct {
				Page     string
				Inferred bool `json:"timestamp_inferred"`
			}
		} `json:"data_version"`
	}
	js, err := json.Marshal(report.AnswerOf(a))
	if err != nil {
		t.Fatal(err)
	}
	decode(t, string(js), &doc)
	if r := doc.Data.Revisions; len(r) != 2 || !r[0].Inferred || r[1].Inferred {
		t.Errorf("ask -json data_version %s: want the first revision marked timestamp_inferred, the second not", js)
	}
}

// TestShowMarksWithdrawnFAQ: an FAQ entry a later FAQ version withdrew
// (Isolated State's Lieutenant entry, "Removed in 1.3, Nov 2022") is
// marked in show's FAQ list as query faq marks it; the one in force is not.
func TestShowMarksWithdrawnFAQ(t *testing.T) {
	db := tempKB(t, false, "../../testdata/wiki-pages/en_Isolated-redirect_article.txt")
	out := runQuery(t, "show", "-db", db, "Isolated State")
	_, list, ok := strings.Cut(out, "## FAQs & Errata (")
	if !ok {
		t.Fatalf("show lists no FAQs:\n%s", out)
	}
	var marked, unmarked int
	for _, l := range strings.Split(list, "\n") {
		if !strings.HasPrefix(l, "1. ") && !strings.HasPrefix(l, "2. ") {
			continue
		}
		switch {
		case strings.Contains(l, "(faq, WITHDRAWN in 1.3, Nov 2022: no longer in force)"):
			marked++
		case strings.HasSuffix(l, "(faq)"):
			unmarked++
		}
	}
	if marked != 1 || unmarked != 1 {
		t.Errorf("show FAQ list: %d withdrawn marked, %d unmarked; want 1 and 1:\n%s", marked, unmarked, list)
	}
}
