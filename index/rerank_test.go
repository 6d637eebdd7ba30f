package index

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/wikirules/wikirules"
)

// TestRankFields: the rank field of every seed record and FAQ decodes to what the re-rank read from the stored JSON before (kind, FAQ type,
// superseded, editions, skill name), and the seed has the cases that
// matter (skill headers, errata, edition-scoped text).
func TestRankFields(t *testing.T) {
	seed := loadSeed(t)
	fromJSON := func(v any, doc string) rankFields {
		js, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var rf rankFields
		if err := json.Unmarshal(js, &rf); err != nil {
			t.Fatal(err)
		}
		switch {
		case rf.Skill != nil && rf.Skill.Name == "":
			rf.Skill = nil // no name, no name bonus: stored as none
		case rf.Skill != nil:
			rf.Skill = &wikirules.SkillHeader{Name: rf.Skill.Name}
		}
		rf.Doc = doc
		return rf
	}
	var skills, errata, scoped int
	check := func(id string, stored string, want rankFields) {
		got, ok := parseRank(stored)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: rank field %q decodes to %#v (ok %v), want %#v", id, stored, got, ok, want)
		}
		if want.Skill != nil {
			skills++
		}
		if want.Type == string(wikirules.KindErrata) {
			errata++
		}
		if want.Editions != 0 {
			scoped++
		}
	}
	for _, r := range seed.records {
		doc, err := recordDoc(r, seed.pages[r.Page])
		if err != nil {
			t.Fatal(err)
		}
		check(r.ID, doc[fieldRank].(string), fromJSON(r, "record"))
	}
	for _, f := range seed.faqs {
		doc, err := faqDoc(f, seed.pages)
		if err != nil {
			t.Fatal(err)
		}
		check(f.ID, doc[fieldRank].(string), fromJSON(f, "faq"))
	}
	if skills == 0 || errata == 0 || scoped == 0 {
		t.Errorf("seed: %d skill headers, %d errata, %d edition-scoped documents; want some of each", skills, errata, scoped)
	}
	if _, ok := parseRank(""); ok {
		t.Error(`parseRank("") ok, want the JSON fallback`)
	}
}

// TestRanksFallback: the re-rank reads a search's hits from their rank
// field, and a hit without one (an index built before it) from its stored
// JSON, with the same result.
func TestRanksFallback(t *testing.T) {
	x := buildSeed(t)
	ctx := context.Background()
	req := bleve.NewSearchRequestOptions(query.NewMatchAllQuery(), 200, 0, false)
	req.Fields = []string{fieldRank}
	sr, err := x.bi.SearchInContext(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := x.ranks(ctx, sr.Hits)
	if err != nil {
		t.Fatal(err)
	}
	bare := make([]*search.DocumentMatch, len(sr.Hits))
	for i, dm := range sr.Hits {
		bare[i] = &search.DocumentMatch{ID: dm.ID}
	}
	got, err := x.ranks(ctx, bare)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored) != len(sr.Hits) || len(got) != len(sr.Hits) {
		t.Fatalf("%d hits: %d ranks from the rank field, %d from JSON", len(sr.Hits), len(stored), len(got))
	}
	faqs := 0
	for id, want := range stored {
		if !reflect.DeepEqual(normRank(got[id]), want) {
			t.Errorf("%s: from JSON %#v, from the rank field %#v", id, got[id], want)
		}
		if want.Doc == "faq" {
			faqs++
		}
	}
	if faqs == 0 || faqs == len(stored) {
		t.Errorf("%d FAQs among %d hits: want records and FAQs", faqs, len(stored))
	}
}

// normRank drops what the rank field does not keep: the skill header
// beyond its name, a nameless skill.
func normRank(f rankFields) rankFields {
	if f.Skill != nil {
		if f.Skill.Name == "" {
			f.Skill = nil
		} else {
			f.Skill = &wikirules.SkillHeader{Name: f.Skill.Name}
		}
	}
	return f
}
