package extract

import (
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// TestPathological runs extraction on inputs built to trigger quadratic
// behaviour (many unclosed starts, inline starts without ends, deep box
// nesting, a 10 MB page). Each must finish and stay lossless; the deadline
// is generous (it only catches a hang or a quadratic blow-up, ~100× slower
// than linear), not a speed measurement.
func TestPathological(t *testing.T) {
	big := strings.Repeat(seedRevision(t, "Esquivar").Text+"\n", 10<<20/len(seedRevision(t, "Esquivar").Text))
	cases := map[string]string{
		"unclosed boxes":    strings.Repeat("{{important-start}}\nTexto.\n", 20000),
		"stray ends":        strings.Repeat("{{important-end}}{{n4end}}\n", 20000),
		"inline starts":     "* " + strings.Repeat("{{n4inline}}x ", 20000) + "\n",
		"unclosed examples": strings.Repeat("{{greybox-start|t}}\nA.\n", 20000),
		"edition flips":     strings.Repeat("{{c1}}\n* a\n{{c1end}}{{n4list}}\n* b\n{{n4end}}\n", 10000),
		"10 MB page":        big,
	}
	for name, text := range cases {
		t.Run(name, func(t *testing.T) {
			if testing.Short() && len(text) > 1<<20 {
				t.Skip("large input skipped in -short mode")
			}
			done := make(chan *wikirules.Extraction, 1)
			go func() {
				done <- ExtractText(wikirules.Revision{Page: wikirules.Page{Title: "P"}, ID: "r", Text: text})
			}()
			select {
			case x := <-done:
				if Rebuild(text, x) != text {
					t.Errorf("not lossless")
				}
			case <-time.After(60 * time.Second):
				t.Fatalf("no result after 60 s on %d bytes", len(text))
			}
		})
	}
}
