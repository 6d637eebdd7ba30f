package lang_test

import (
	"fmt"

	"github.com/wikirules/wikirules/lang"
)

func ExampleFold() {
	fmt.Println(lang.Fold("Línea de Tiro"), lang.Fold("DAÑO"), lang.Fold("Pingüino"))
	// Output: linea de tiro dano pinguino
}

func ExampleGlossary_Segment() {
	for _, u := range lang.Default().Segment("¿Esquivar fuera de LoF?") {
		fmt.Printf("%s %q\n", u.Text, u.Synonyms)
	}
	// Output:
	// Esquivar ["Dodge" "dodging" "dodged" "dodges"]
	// fuera []
	// de []
	// LoF ["LDT" "Línea de Tiro" "Line of Fire"]
}
