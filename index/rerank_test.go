package index

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestRankFields: the rank field of every seed record and FAQ decodes to
// what the re-rank read from the stored JSON before (kind, FAQ type,
// superseded, editions, skill name), and the seed has the cases that
// matter (skill headers, errata, edition-scoped text).
func TestRankFields(t *testing.T) {
	seed := loadSeed(t)
	fromJSON := func(v any) rankFields {
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
		check(r.ID, doc[fieldRank].(string), fromJSON(r))
	}
	for _, f := range seed.faqs {
		doc, err := faqDoc(f, seed.pages)
		if err != nil {
			t.Fatal(err)
		}
		check(f.ID, doc[fieldRank].(string), fromJSON(f))
	}
	if skills == 0 || errata == 0 || scoped == 0 {
		t.Errorf("seed: %d skill headers, %d errata, %d edition-scoped documents; want some of each", skills, errata, scoped)
	}
	if _, ok := parseRank(""); ok {
		t.Error(`parseRank("") ok, want the JSON fallback`)
	}
}
