package extract

import (
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/wikitext"
)

// templateCue returns the editions a layout template shows by its name:
// furniture with an edition prefix ({{n5-section-*}} → N5).
func (v *Vocabulary) templateCue(t *wikitext.Template, src string) wikirules.Editions {
	var out wikirules.Editions
	key := t.Key()
	for p, e := range v.EditionPrefixes {
		if strings.HasPrefix(key, p) {
			out |= e
		}
	}
	return out
}
