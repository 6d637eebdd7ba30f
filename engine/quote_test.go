package engine

import (
	"testing"

	"github.com/wikirules/wikirules"
)

// TestOpeners checks the paragraph that opens a section for the later
// paragraphs of that section: none for the opener itself, a bullet, a
// paragraph of another section or one without a section.
func TestOpeners(t *testing.T) {
	rec := func(id string, section []string, depth int) *wikirules.Record {
		return &wikirules.Record{ID: id, Section: section, Depth: depth, Kind: wikirules.KindRule}
	}
	types := []string{"Tipos de Plantillas"}
	recs := []*wikirules.Record{
		rec("intro", nil, 0),
		rec("intro2", nil, 0),
		rec("open", types, 0),
		rec("bullet", types, 1),
		rec("later", types, 0),
		rec("other", []string{"Área de Efecto"}, 0),
	}
	got := openers(recs)
	if len(got) != 1 || got["later"] == nil || got["later"].ID != "open" {
		ids := map[string]string{}
		for k, v := range got {
			ids[k] = v.ID
		}
		t.Errorf("openers = %v, want later → open", ids)
	}
}
