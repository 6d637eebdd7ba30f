package index

import (
	"time"

	"github.com/wikirules/wikirules"
)

// Hand-built records and FAQs whose text is taken verbatim from the seed
// dump (sample/seeds/000_75a7fc8f63132767.txt, pages Trabado, Esquivar,
// Berserk, Daño, Armas y Equipo de Plantilla, Suplantado), plus a small
// English page set written for these tests (the seed is all Spanish).

var seedTime = time.Date(2021, 2, 11, 10, 43, 16, 0, time.UTC)

func rec(id, page string, kind wikirules.Kind, eds wikirules.Editions, section []string, ord int, plain string) wikirules.Record {
	return wikirules.Record{ID: id, Page: page, RevisionID: "rev-" + page, Timestamp: seedTime,
		Section: section, Kind: kind, Ordinal: ord, Depth: 1, Editions: eds, Text: plain, Plain: plain}
}

func fixtureRecords() []wikirules.Record {
	skill := func(id, page, name, typ string) wikirules.Record {
		r := rec(id, page, wikirules.KindSkill, 0, nil, 0, name+" "+typ)
		r.Skill = &wikirules.SkillHeader{Name: name, Type: typ}
		return r
	}
	c1, n4 := wikirules.Editions(wikirules.C1), wikirules.Editions(wikirules.N4)
	eff := []string{"Efectos"}
	rs := []wikirules.Record{
		skill("trabado-skill", "Trabado", "TRABADO", ""),
		rec("trabado-act-c1", "Trabado", wikirules.KindActivation, c1, []string{"Activación"}, 1,
			"Este estado se activa cuando la Tropa se encuentra en contacto de Silueta con una Tropa Enemiga, y ambas se hallan en un estado no Nulo o Inmovilizado."),
		rec("trabado-act-n4", "Trabado", wikirules.KindActivation, n4, []string{"Activación"}, 1,
			"Este estado se activa cuando la Tropa se encuentra en contacto de Silueta con una Tropa Enemiga, y ambas se hallan en un estado no Nulo (excepto Sepsitorizado y Poseído) ni Inmovilizado."),
		rec("trabado-eff-1", "Trabado", wikirules.KindEffect, 0, eff, 1, "Las Tropas en estado Trabado se consideran en Combate CC."),
		rec("trabado-eff-3", "Trabado", wikirules.KindEffect, 0, eff, 3, "Aquellas Tropas que se encuentran en estado Trabado no pueden trazar LDT fuera de su Combate CC."),
		rec("trabado-eff-5", "Trabado", wikirules.KindEffect, 0, eff, 5,
			"Las Armas de Plantilla colocadas sobre un grupo de Tropas en estado Trabado afectarán siempre a todas las Tropas participantes, aunque por la colocación de la Plantilla, su Área de Efecto sólo entrara en contacto con alguna de ellas."),
		skill("esquivar-skill", "Esquivar", "ESQUIVAR", "HABILIDAD CORTA / ORA"),
		rec("esquivar-req-3", "Esquivar", wikirules.KindRequirement, 0, []string{"Requisitos"}, 3, "La Tropa se ve afectada por un Arma de Plantilla."),
		rec("esquivar-eff-2", "Esquivar", wikirules.KindEffect, 0, eff, 2,
			"La Tropa que declara Esquivar realizará una Tirada Enfrentada de su Atributo de FIS contra el Atributo que esté empleando su adversario para realizar su Ataque (CD, CC, FIS o VOL)."),
		rec("esquivar-imp-c1", "Esquivar", wikirules.KindImportant, c1, []string{"Importante"}, 2,
			"Para Esquivar un Arma de Plantilla careciendo de LDT hacia el atacante se debe aplicar un MOD de -3 a su Tirada de FIS."),
		rec("esquivar-ex-1", "Esquivar", wikirules.KindExample, 0, []string{"Ejemplos", "Ejemplo Esquivar y Trabado"}, 1,
			"El Zhanshi declara Esquivar como ORA para tratar de llegar al cuerpo a cuerpo y frenar así el avance del Fusilero."),
		skill("berserk-skill", "Berserk", "BERSERK", "ORDEN COMPLETA"),
		rec("berserk-eff-1", "Berserk", wikirules.KindEffect, 0, eff, 1,
			"Permite realizar la combinación Mover + Ataque CC con las siguientes particularidades:"),
		rec("dano-1", "Daño", wikirules.KindRule, 0, nil, 1,
			"En Infinity, el Daño es la capacidad de un Arma, Ataque, Habilidad Especial, pieza de Equipo, Programa de Hackeo... para causar algún tipo de detrimento o perjuicio a su objetivo."),
		rec("plantilla-1", "Armas y Equipo de Plantilla", wikirules.KindRule, 0, nil, 1,
			"Las Armas CD y el Equipo de Plantilla de Área de Efecto son aquéllas que afectan no sólo al objetivo principal, sino a un área de la mesa de juego, que determina la propia Plantilla."),
		rec("plantilla-eff-2", "Armas y Equipo de Plantilla", wikirules.KindEffect, 0, eff, 2,
			"Cualquier Tropa afectada por un Arma o Equipo de Plantilla tiene derecho a declarar Esquivar como segunda Habilidad Corta de la Orden u ORA, aunque no disponga de LDT con la Tropa que declara el Ataque."),
		rec("suplantado-eff-6", "Suplantado", wikirules.KindEffect, 0, eff, 6, "Un Marcador de Suplantado dispone de una LDT de 360˚."),
		// English pages, written for these tests.
		rec("en-engaged-1", "Engaged", wikirules.KindEffect, 0, []string{"Effects"}, 1,
			"Troopers in Engaged state are considered to be in close combat and can only declare CC Attack, Dodge, Idle or Reset."),
		rec("en-dodge-1", "Dodge", wikirules.KindEffect, 0, []string{"Effects"}, 1,
			"A successful Dodge lets the trooper move up to 5 cm and cancels the Engaged state."),
		rec("en-damage-1", "Damage", wikirules.KindRule, 0, nil, 1,
			"Each unresolved success forces the target to make a Saving Roll against the weapon's damage."),
	}
	old := rec("trabado-eff-1-old", "Trabado", wikirules.KindEffect, 0, eff, 1, "Las Tropas en estado Trabado se consideran trabadas en Combate CC (texto original).")
	old.Superseded = true
	old.SupersededBy = "trabado-eff-1"
	return append(rs, old)
}

func fixturePages() map[string]PageInfo {
	return map[string]PageInfo{
		"Berserk":    {Language: "es", Editions: wikirules.Editions(wikirules.N4), Categories: []string{"Special Skills"}},
		"Suplantado": {Language: "es", Editions: wikirules.Editions(wikirules.N4), Categories: []string{"Game States"}},
		"Trabado":    {Language: "es", Categories: []string{"Combat Module"}},
		"Esquivar":   {Language: "es", Categories: []string{"Common Skills"}},
		"Daño":       {Language: "es", Categories: []string{"Combat Module"}},
		"Engaged":    {Language: "en"},
		"Dodge":      {Language: "en"},
		"Damage":     {Language: "en"},
	}
}

func fixtureFAQs() []wikirules.FAQ {
	mk := func(typ, title, q, a string, pages, related []string) wikirules.FAQ {
		return wikirules.FAQ{ID: wikirules.FAQID(typ, title, "1.0, enero 2021", q), Type: typ, Title: title,
			Version: "1.0, enero 2021", Question: q, Answer: a, Pages: pages, Related: related,
			Editions: wikirules.Editions(wikirules.N4), LastRevision: "rev-" + pages[0], Timestamp: seedTime}
	}
	return []wikirules.FAQ{
		mk("errata", "N4 Errata", "[Errata] ¿Se puede declarar Berserk si se empieza la Orden en Estado Trabado?",
			"Si. Berserk se puede declarar cuando se está en el Estado Trabado.",
			[]string{"Trabado", "Berserk"}, []string{"Berserk", "Trabado"}),
		mk("faq", "N4 FAQ", "Q: ¿Se puede esquivar un ataque Berserk?",
			"A: No. Berserk no produce Tiradas Enfrentadas, por lo que no se esquivará el Ataque. Una Tirada Exitosa de Esquivar sólo permitirá a la Tropa mover y cancelar el estado Trabado.",
			[]string{"Trabado", "Berserk"}, []string{"Berserk", "Trabado"}),
		mk("errata", "N4 Errata", "[Errata] ¿Cómo se apilan los MOD de Esquivar por Armas Posicionables, Plantillas fuera de LDT y ORAs a Tropas dentro de ZC, pero fuera de LDT?",
			"El texto de la caja Importante de la pag. 86 tiene prioridad sobre los ejemplos. En el ejemplo de Esquivar y Arma Posicionable, el Zhanshi sólo sufre un MOD de -3, no de -6.",
			[]string{"Esquivar"}, []string{"Armas y Equipo de Plantilla", "Esquivar"}),
	}
}
