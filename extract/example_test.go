package extract_test

import (
	"fmt"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/extract"
)

func ExampleExtractText() {
	text := "{{skillbox |greenyellow| ESQUIVAR | HABILIDAD CORTA / ORA}}\n" +
		"{{effects}}\n{{c1}}\n* Regla CodeOne.\n{{c1end}}{{n4list}}\n* Regla N4 con [[Fireteam]].\n{{n4end}}\n" +
		"* Regla común. {{seefaq | Ver errata.}}\n"
	ts := time.Date(2021, 2, 11, 10, 26, 28, 0, time.UTC)
	rev := wikirules.Revision{Page: wikirules.Page{Title: "Esquivar"}, ID: "r1", Timestamp: ts, Text: text}
	x := extract.ExtractText(rev)
	for _, r := range x.Records {
		fmt.Printf("%s %q notes=%q alt=%v\n", wikirules.CitationOf(r), r.Text, r.Notes, r.Alternative != "")
	}
	// Output:
	// Esquivar [N4 C1] — rev 2021-02-11T10:26:28Z "**ESQUIVAR** — HABILIDAD CORTA / ORA" notes=[] alt=false
	// Esquivar › Efectos › 1 [C1] — rev 2021-02-11T10:26:28Z "Regla CodeOne." notes=[] alt=true
	// Esquivar › Efectos › 1 [N4] — rev 2021-02-11T10:26:28Z "Regla N4 con Fireteam." notes=[] alt=true
	// Esquivar › Efectos › 2 [N4 C1] — rev 2021-02-11T10:26:28Z "Regla común." notes=["Ver errata."] alt=false
}
