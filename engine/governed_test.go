package engine

import (
	"context"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestBlockingGoverns checks that a blocking verb denies the act it
// governs (its object), written as a gerund with a pronoun attached too,
// and no act its object is not: what a question's subject cancels of
// another ("anula el estado Inconsciente de las Tropas") does not deny
// that it affects or kills them.
func TestBlockingGoverns(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	eclipse := "La Munición Eclipse funciona exactamente igual que la Munición Humo, con la particularidad de que la Zona de Visibilidad Nula que genera también afecta a los Visores Multiespectrales, impidiéndoles trazar LDT a su través, sin importar su Nivel."
	nwi := "La Munición Shock anula el estado Inconsciente de las Tropas con esta Habilidad Especial, que pasan a estado Muerto."
	shock := "La munición Shock anula cualquier tipo de estado Inconsciente, pasando directamente a estado Muerto."
	for _, tc := range []struct {
		q, page, lang, text string
		want                int
	}{
		{"¿Un Visor Multiespectral puede trazar LDT a través de la plantilla de Munición Eclipse?", "Munición Eclipse", "es", eclipse, -1},
		{"¿Un Visor Multiespectral puede trazar LDT a través de la plantilla de Munición Eclipse?", "Munición Eclipse", "es",
			"La Zona de Visibilidad Nula afecta a los Visores Multiespectrales, evitándoles trazar LDT a su través.", -1},
		{"¿La Munición Shock afecta a una Tropa con Sin Incapacidad por Herida?", "Sin Incapacidad por Herida", "es", nwi, 0},
		{"Does Shock Ammunition kill a trooper with No Wound Incapacitation outright?", "Sin Incapacidad por Herida", "es", nwi, 0},
		{"¿La Munición Shock afecta a las Tropas en estado Inconsciente?", "Munición Shock", "es", shock, 0},
		{"¿La Munición Shock afecta a las Tropas en estado Inconsciente?", "Sin Incapacidad por Herida", "es", nwi, 0},
		// The one the question asks of is the actor: what it ignores
		// does not affect it.
		{"¿El Humo afecta a un Visor Multiespectral?", "Visor Multiespectral", "es",
			"Los Visores Multiespectrales ignoran los efectos de la Munición Humo.", -1},
		// The object is what is asked after the verb, or the question
		// names no subject: the no stands.
		{"¿Una tropa con Coraje sufre los efectos de ¡¡¡Retirada!!!?", "Retreat State", "en",
			"Troopers with the Special Skills Courage, Religious Troop, Veteran or any other Special Skill that protects them from the effects of Retreat! State ignore all effects of Retreat! State.", -1},
		// Asked whether they ignore it, the blocking verb is the act
		// asked: its actors are listed at commas before it, and what the
		// relative clause among them names is no actor.
		{"Does a trooper with Courage ignore the effects of Retreat! State?", "Retreat State", "en",
			"Troopers with the Special Skills Courage, Religious Troop, Veteran or any other Special Skill that protects them from the effects of Retreat! State ignore all effects of Retreat! State.", 1},
		{"Do troopers with Veteran ignore Retreat! State?", "Retreat State", "en",
			"Troopers with the Special Skills Courage, Religious Troop, Veteran or any other Special Skill that protects them from the effects of Retreat! State ignore all effects of Retreat! State.", 1},
		{"Does a Mine trigger when an enemy declares a Skill inside its Trigger Area?", "Mines", "en",
			"Once on the game table, Mines must trigger when an enemy Model or Marker declares or executes a Skill or ARO inside their Trigger Area. When this is the case, if, by placing the Small Teardrop Template, it is determined that the Model or Marker is not within the Trigger Area, the Mine will neither detonate nor be revealed.", 1},
		{"Si al mover entro en contacto de Silueta con un enemigo, ¿puedo seguir el recorrido que declaré?", "Condiciones Generales de Movimiento", "es",
			"Una Tropa que entre en contacto de Silueta con un Enemigo durante su Movimiento dejará de mover de manera automática, aunque el recorrido especificado continuara más allá de dicho Enemigo.", -1},
	} {
		q := e.analyze(prose(tc.q))
		d := &candidate{rec: &wikirules.Record{Page: tc.page, Plain: tc.text}, page: tc.page, lang: tc.lang, pageKeys: keySet(tc.page)}
		if got := e.polarity(q, d, tc.text); got != tc.want {
			t.Errorf("polarity(%q, %.50q) = %d, want %d", tc.q, tc.text, got, tc.want)
		}
	}
}
