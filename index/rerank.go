package index

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/blevesearch/bleve/v2/search"

	"github.com/wikirules/wikirules"
)

// scored is one hit of the re-rank window: its bleve match, its score
// after the re-rank factors and, once decoded (only for the hits kept),
// the Hit and the body text its snippet is cut from.
type scored struct {
	dm    *search.DocumentMatch
	faq   bool
	score float64
	hit   wikirules.Hit
	body  string
}

// rankFields are what the re-rank reads of a record or FAQ. Build stores
// them in the rank field (String), a few bytes, so that the window's hits
// (60 for the 10 a search returns) need not decode their JSON; the full
// JSON is decoded for the kept hits only. Documents indexed before the
// rank field existed are read from their JSON.
type rankFields struct {
	Kind       wikirules.Kind         `json:"kind"` // records
	Type       string                 `json:"type"` // FAQs: "faq" or "errata"
	Superseded bool                   `json:"superseded"`
	Editions   wikirules.Editions     `json:"editions"`
	Skill      *wikirules.SkillHeader `json:"skill"`
}

// String encodes f for the rank field: kind, type, superseded (0 or 1),
// editions (the set as a number), skill name, separated by U+001F.
func (f rankFields) String() string {
	sup := "0"
	if f.Superseded {
		sup = "1"
	}
	name := ""
	if f.Skill != nil {
		name = f.Skill.Name
	}
	return strings.Join([]string{string(f.Kind), f.Type, sup, strconv.FormatUint(uint64(f.Editions), 10), name}, "\x1f")
}

// parseRank decodes String's encoding; ok is false for anything else.
func parseRank(s string) (f rankFields, ok bool) {
	p := strings.Split(s, "\x1f")
	if len(p) != 5 {
		return f, false
	}
	ed, err := strconv.ParseUint(p[3], 10, 64)
	if err != nil {
		return f, false
	}
	f = rankFields{Kind: wikirules.Kind(p[0]), Type: p[1], Superseded: p[2] == "1", Editions: wikirules.Editions(ed)}
	if p[4] != "" {
		f.Skill = &wikirules.SkillHeader{Name: p[4]}
	}
	return f, true
}

// rerank scores one hit of the window (Search's re-rank: errata > FAQ >
// rule text, FAQ and errata higher for a question, a skill header named by
// a query unit higher, examples and superseded text lower, text scoped to
// the chosen edition higher). The error names the stored document that
// does not decode.
func rerank(dm *search.DocumentMatch, q Query, units []unit, question bool) (scored, error) {
	s := scored{dm: dm, score: dm.Score}
	rs, _ := dm.Fields[fieldRank].(string)
	rf, ok := parseRank(rs)
	if !ok {
		js, _ := dm.Fields[fieldJSON].(string)
		if err := json.Unmarshal([]byte(js), &rf); err != nil {
			return s, fmt.Errorf("index: stored document %s: %w", dm.ID, err)
		}
	}
	if typ, _ := dm.Fields[fieldType].(string); typ == "faq" {
		s.faq = true
		errata := strings.EqualFold(rf.Type, string(wikirules.KindErrata))
		if errata {
			s.score *= factorErrata
		} else {
			s.score *= factorFAQ
		}
		if question {
			if errata {
				s.score *= factorErrataQ
			} else {
				s.score *= factorFAQQ
			}
		}
		if q.Edition != 0 && rf.Editions.Has(q.Edition) {
			s.score *= factorEdition
		}
		return s, nil
	}
	if rf.Skill != nil && nameMatches(rf.Skill.Name, units) {
		s.score *= factorName
	}
	if rf.Kind == wikirules.KindExample {
		s.score *= factorExample
	}
	if rf.Superseded {
		s.score *= factorOld
	}
	if q.Edition != 0 && rf.Editions.Has(q.Edition) {
		s.score *= factorEdition
	}
	return s, nil
}

// decode fills s.hit and s.body from the stored JSON of a kept hit; the
// citation of an FAQ names the page of a one-page search.
func (s *scored) decode(q Query) error {
	js, _ := s.dm.Fields[fieldJSON].(string)
	if s.faq {
		var f wikirules.FAQ
		if err := json.Unmarshal([]byte(js), &f); err != nil {
			return fmt.Errorf("index: stored FAQ %s: %w", s.dm.ID, err)
		}
		page := ""
		if len(q.Pages) == 1 {
			page = q.Pages[0]
		}
		s.hit = wikirules.Hit{FAQ: &f, Citation: wikirules.CitationOfFAQ(f, page)}
		s.body = faqText(&f)
		return nil
	}
	var r wikirules.Record
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		return fmt.Errorf("index: stored record %s: %w", s.dm.ID, err)
	}
	s.hit = wikirules.Hit{Record: &r, Citation: wikirules.CitationOf(r)}
	s.body = recordText(&r)
	return nil
}
