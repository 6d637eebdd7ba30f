package diff_test

import (
	"fmt"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/diff"
)

func ExampleText() {
	tc := diff.Text("Se deberá aplicar un MOD de -6 a la Tirada de FIS.", "Se deberá aplicar un MOD de -3 a la Tirada de FIS.", false)
	fmt.Println(tc.Class, tc.Reasons, diff.Excerpt(tc.Edits, 2))
	tc = diff.Text("LoF Requirements are checked when declaring the Skill.",
		"Los Requisitos de LDT se comprueban en el momento de declarar la Habilidad.", false)
	fmt.Println(tc.Class, tc.Reasons)
	// Output:
	// substantive [MOD -6 → -3] …MOD de -[-6-]{+3+} a la…
	// translation [en → es]
}

func ExampleFAQs() {
	old := wikirules.FAQ{ID: "faq-1", Type: "faq", Title: "N4 FAQ", Version: "1.0, enero 2021",
		Question: "¿Puedo Esquivar una Plantilla Directa sin LDT?", Answer: "Sí, con un MOD de -3.",
		Related: []string{"Esquivar"}, Pages: []string{"Esquivar"}}
	new := old
	new.ID, new.Version, new.Answer = "faq-2", "1.1, dic 2021", "No, salvo que disponga de ZC."
	d := diff.FAQs([]wikirules.FAQ{old}, []wikirules.FAQ{new})
	for _, c := range d.Changes {
		fmt.Println(c.Summary())
	}
	// Output:
	// changed faq FAQs & Errata › N4 FAQ › ¿Puedo Esquivar una Plantilla Directa sin LDT?: update 1.0, enero 2021 → 1.1, dic 2021; answer MOD -3 removed; answer yes → no [substantive]
}
