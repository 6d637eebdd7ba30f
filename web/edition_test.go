package web

import (
	"context"
	"log"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/pipeline"
)

// n5Dump is one N5 page (drawn with N5's {{css_skillbox}}): with it the
// knowledge base's newest edition is N5, while the sample's pages hold
// N4 text only.
const n5Dump = `Infinity - Contribuciones del usuario [es]

Salto Cuántico

2025-06-01T10:00:00Z

Editor:

{{css_skillbox |green| SALTO CUÁNTICO | HABILIDAD CORTA }}
{{effects}}
* La Tropa puede declarar Salto Cuántico para colocarse en cualquier punto de su Zona de Control.
{{css_skillbox-end}}
`

// TestAskEditionNote checks what the ask page says of the edition an
// answer speaks for when none is asked, on a knowledge base whose newest
// edition is N5: an answer from a page of N4 text only says N4 is that
// page's newest and names N5 as the knowledge base's; an answer from the
// N5 page says N5 is the knowledge base's newest. The note is in the
// question's language, whatever the interface's.
func TestAskEditionNote(t *testing.T) {
	ctx := context.Background()
	db, err := pipeline.OpenSample(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	fsys := fstest.MapFS{"n5.txt": {Data: []byte(n5Dump)}}
	if _, err := pipeline.IngestFS(ctx, db, fsys, []string{"n5.txt"}, pipeline.Options{Format: wikirules.FormatContribs}); err != nil {
		t.Fatal(err)
	}
	srv, err := New(Deps{Store: db, Judge: engine.New(db, db), Search: db, Logger: log.New(&strings.Builder{}, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	for _, tc := range []struct {
		lang, q, badge, note string
	}{
		{"es", "¿Se puede declarar Berserk estando trabado?", "N4",
			"la más reciente de la página que decide: no tiene texto N5, la más reciente de la base"},
		{"en", "¿Se puede declarar Berserk estando trabado?", "N4",
			"la más reciente de la página que decide: no tiene texto N5, la más reciente de la base"},
		{"es", "Can Berserk be declared while Engaged?", "N4",
			"the newest the deciding page holds: it has no N5 text, the newest in the knowledge base"},
		{"es", "¿Puede la Tropa declarar Salto Cuántico para colocarse en su Zona de Control?", "N5",
			"la más reciente de la base"},
	} {
		doc := getDoc(t, ts, "/ask?lang="+tc.lang+"&q="+url.QueryEscape(tc.q), 200)
		sp := doc.Find("#answer .speaks")
		if sp.Length() == 0 {
			sp = doc.Find(".speaks")
		}
		badge, note := textOf(sp.Find(".badge.ed").First()), textOf(sp.Find(".why").First())
		if badge != tc.badge || note != tc.note {
			t.Errorf("%s %q: edition %q, %q; want %q, %q", tc.lang, tc.q, badge, note, tc.badge, tc.note)
		}
	}
}
