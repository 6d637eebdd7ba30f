package report

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

var (
	sampleOnce sync.Once
	sample     *kb.DB
	sampleErr  error
)

// sampleDB is the embedded seed corpus loaded once into an in-memory
// knowledge base (pipeline.LoadSample), shared by the tests (read only).
func sampleDB(t testing.TB) *kb.DB {
	t.Helper()
	sampleOnce.Do(func() {
		ctx := context.Background()
		sample, sampleErr = pipeline.OpenSample(ctx)
	})
	if sampleErr != nil {
		t.Fatalf("loading the sample corpus: %v", sampleErr)
	}
	return sample
}

// encode encodes v as both tools print documents.
func encode(t *testing.T, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestMapShapedDocuments checks that the documents first printed from a
// map (page, FAQ list, history, blame) encode byte for byte as that map
// did, on real pages of the sample.
func TestMapShapedDocuments(t *testing.T) {
	db, ctx := sampleDB(t), t.Context()
	for _, tc := range []struct {
		title, edition string
		ed             wikirules.Edition
	}{{"Esquivar", "c1", wikirules.C1}, {"Berserk", "", 0}, {"GizmoKit", "n4", wikirules.N4}} {
		title := tc.title
		v, err := db.Page(ctx, title, wikirules.Filter{Edition: tc.ed})
		if err != nil {
			t.Fatalf("%s: %v", title, err)
		}
		doc := PageOf(v, tc.edition, "")
		old := map[string]any{"page": v.Page, "revision": v.Revision, "page_editions": v.PageEditions,
			"categories": v.Categories, "edition": tc.edition, "as_of": "", "records": doc.Records, "faqs": doc.FAQs}
		if got, want := encode(t, doc), encode(t, old); !bytes.Equal(got, want) {
			t.Errorf("page %s: PageOf encodes\n%.400s\nwant\n%.400s", title, got, want)
		}
		if len(doc.Records) != len(v.Records) || len(doc.Records) == 0 {
			t.Errorf("page %s: %d records in the document, %d in the view", title, len(doc.Records), len(v.Records))
		}
		for i, r := range doc.Records {
			if r.Citation != wikirules.CitationOf(v.Records[i]) {
				t.Errorf("page %s record %d: citation %s", title, i, r.Citation)
			}
		}

		revs, err := db.History(ctx, title, wikirules.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		var snaps []diff.Snapshot
		for _, r := range revs {
			recs, err := db.RevisionRecords(ctx, r.ID)
			if err != nil {
				t.Fatal(err)
			}
			snaps = append(snaps, diff.Snapshot{Revision: r, Records: recs})
		}
		h := HistoryOf(title, diff.History(snaps, nil))
		if got, want := encode(t, h), encode(t, map[string]any{"page": title, "revisions": h.Revisions}); !bytes.Equal(got, want) {
			t.Errorf("history %s: HistoryOf encodes differently from its map", title)
		}
		if len(h.Revisions) != len(revs) {
			t.Errorf("history %s: %d entries for %d revisions", title, len(h.Revisions), len(revs))
		}
		b := BlameOf(title, len(revs), diff.Blame(snaps))
		old = map[string]any{"page": title, "revisions": len(revs), "records": b.Records}
		if got, want := encode(t, b), encode(t, old); !bytes.Equal(got, want) {
			t.Errorf("blame %s: BlameOf encodes differently from its map", title)
		}
	}
	faqs, err := db.FAQs(ctx, "berserk", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	list := FAQListOf("berserk", faqs, "en")
	old := map[string]any{"query": "berserk", "total": len(list.Results), "results": list.Results}
	if got, want := encode(t, list), encode(t, old); !bytes.Equal(got, want) {
		t.Errorf("FAQListOf encodes differently from its map")
	}
	if list.Total == 0 || list.Results[0].FAQ == nil || !strings.HasPrefix(list.Results[0].Text, "Q: ") {
		t.Errorf("FAQ list for berserk: %+v", list)
	}
	// In Spanish an entry reads as the web's FAQ card does: P: and R:.
	es := FAQListOf("berserk", faqs, "es")
	if es.Total == 0 || !strings.HasPrefix(es.Results[0].Text, "P: ") || !strings.Contains(es.Results[0].Text, "\nR: ") {
		t.Errorf("Spanish FAQ list for berserk: %q", es.Results[0].Text)
	}
}

// TestKeyOrder checks that the documents first printed from a map declare
// their fields in the order encoding/json sorts map keys, which keeps
// their bytes.
func TestKeyOrder(t *testing.T) {
	for _, v := range []any{Page{}, FAQList{}, History{}, Changes{}, Blame{}} {
		typ := reflect.TypeOf(v)
		var keys []string
		for i := range typ.NumField() {
			keys = append(keys, strings.Split(typ.Field(i).Tag.Get("json"), ",")[0])
		}
		if !slices.IsSorted(keys) {
			t.Errorf("%s declares keys %v, want them sorted", typ.Name(), keys)
		}
	}
}

// TestChangeList checks the change JSON of a real edit: the "Sin
// Incapacidad por Herida" revisions of 2021-02-11, last against the one
// before.
func TestChangeList(t *testing.T) {
	db, ctx := sampleDB(t), t.Context()
	const title = "Sin Incapacidad por Herida"
	revs, err := db.History(ctx, title, wikirules.Filter{})
	if err != nil || len(revs) < 2 {
		t.Fatalf("%s: %d revisions, %v", title, len(revs), err)
	}
	from, to := revs[len(revs)-2], revs[len(revs)-1]
	a, err := db.RevisionRecords(ctx, from.ID)
	if err != nil {
		t.Fatal(err)
	}
	b, err := db.RevisionRecords(ctx, to.ID)
	if err != nil {
		t.Fatal(err)
	}
	d := diff.Records(a, b)
	doc := DiffOf(title, &from, to, d)
	if doc.From == nil || doc.From.ID != from.ID || doc.To.ID != to.ID || doc.Summary != d.Headline() {
		t.Errorf("DiffOf: from %v to %v summary %q", doc.From, doc.To, doc.Summary)
	}
	if len(doc.Changes) != len(d.Changes) || len(d.Changes) == 0 {
		t.Fatalf("%d changes in the document, %d in the diff", len(doc.Changes), len(d.Changes))
	}
	inline := 0
	for i, c := range doc.Changes {
		dc := d.Changes[i]
		if c.Summary != dc.Summary() || c.Op != dc.Op || c.Citation != dc.Citation {
			t.Errorf("change %d: %+v, diff says %s %s", i, c, dc.Op, dc.Summary())
		}
		if both := dc.Old != nil && dc.New != nil; both != (c.OldCitation != nil) {
			t.Errorf("change %d (%s): old citation %v", i, c.Op, c.OldCitation)
		}
		for j, f := range c.Fields {
			if (len(f.Edits) > 0) != (f.Inline != "") {
				t.Errorf("change %d field %s: %d edits, inline %q", i, f.Field, len(f.Edits), f.Inline)
			}
			if f.Inline != "" {
				inline++
				if !strings.Contains(f.Inline, "{+") && !strings.Contains(f.Inline, "[-") {
					t.Errorf("change %d field %d: inline %q has no word edit", i, j, f.Inline)
				}
			}
		}
	}
	if inline == 0 {
		t.Errorf("no field of the %d changes has a word diff", len(doc.Changes))
	}
	created := DiffOf(title, nil, revs[0], diff.Records(nil, a))
	if got := encode(t, created); !bytes.Contains(got, []byte(`"from": null`)) {
		t.Errorf("a diff from nothing encodes without \"from\": null:\n%.200s", got)
	}
}

func TestLocateJSONError(t *testing.T) {
	var sit struct {
		Turn  string   `json:"turn"`
		Order []string `json:"order"`
	}
	tests := []struct {
		doc, want string
	}{
		{"{\"turn\":\"active\",\n\"order\":[\"Trepar\",3]}", "line 2, column 20 (byte 37): "},
		{`{"turn": }`, "line 1, column 11 (byte 10): invalid character '}'"},
		{`{"turn": "active"} {`, "line 1, column 21 (byte 20): invalid character '{' after top-level value"},
		{``, "line 1, column 1 (byte 0): unexpected end of JSON input"},
	}
	for _, tc := range tests {
		err := json.Unmarshal([]byte(tc.doc), &sit)
		if err == nil {
			t.Fatalf("%q decodes", tc.doc)
		}
		got := LocateJSONError([]byte(tc.doc), err)
		if !errors.Is(got, err) && got != err {
			t.Errorf("%q: %v does not wrap %v", tc.doc, got, err)
		}
		if !strings.HasPrefix(got.Error(), tc.want) {
			t.Errorf("LocateJSONError(%q) = %q, want prefix %q", tc.doc, got, tc.want)
		}
	}
	other := errors.New("reading stdin: broken pipe")
	if got := LocateJSONError([]byte("{}"), other); got != other {
		t.Errorf("LocateJSONError of a read error = %v, want it as it is", got)
	}
}
