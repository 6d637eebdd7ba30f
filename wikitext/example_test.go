package wikitext_test

import (
	"fmt"

	"github.com/wikirules/wikirules/wikitext"
)

// ExampleParse parses a piece of the seed page Esquivar and walks the
// tree: the skill header's parameters, a list item and its link.
func ExampleParse() {
	src := "{{skillbox |greenyellow| ESQUIVAR | HABILIDAD CORTA / ORA}}\n" +
		"{{Requirements}}\n" +
		"* La Tropa se ve afectada por un [[Arma de Plantilla]]."
	doc := wikitext.Parse(src)
	wikitext.Inspect(doc, func(n wikitext.Node) bool {
		switch n := n.(type) {
		case *wikitext.Template:
			fmt.Printf("template %q (key %q) at [%d,%d)\n", n.Name, n.Key(), n.Pos(), n.End())
			for _, p := range n.Params {
				fmt.Printf("  #%d = %q\n", p.Index, p.ValueText(src))
			}
		case *wikitext.ListItem:
			fmt.Printf("list item depth %d at [%d,%d)\n", n.Depth, n.Pos(), n.End())
		case *wikitext.Link:
			fmt.Printf("link to %q\n", n.Target)
		}
		return true
	})
	fmt.Println(wikitext.Dump(wikitext.Parse("== Efectos ==\n* '''Sí''' {{seefaq | nota}}")))
	// Output:
	// template "skillbox" (key "skillbox") at [0,59)
	//   #1 = "greenyellow"
	//   #2 = " ESQUIVAR "
	//   #3 = " HABILIDAD CORTA / ORA"
	// template "Requirements" (key "requirements") at [60,76)
	// list item depth 1 at [77,132)
	// link to "Arma de Plantilla"
	// (h2 " Efectos ") "\n" (li "*" " " (b "Sí") " " (tpl "seefaq" (#1 " nota")))
}
