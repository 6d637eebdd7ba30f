package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// TestCountedNouns checks that a clause counting something (a number
// before a noun, a choice between numbers, "one" among them) counts that
// noun, and one whose only "one"/"un" is an article or pronoun counts
// none; and that a text states a count of it by a number in a sentence
// holding the noun, or by a bare value ("greater than one is listed"),
// not by an article, nor by a number of another noun.
func TestCountedNouns(t *testing.T) {
	en, es := vocabFor("en"), vocabFor("es")
	for _, tc := range []struct {
		v      *Vocabulary
		clause string
		want   string
	}{
		{en, "can a fireteam core have six members", "members"},
		{en, "is it one roll or two", "roll"},
		{en, "can i lay 2 mines", "mines"},
		{es, "puede un fireteam tener seis miembros", "miembros"},
		{es, "es una tirada o dos", "tirada"},
		{es, "puede un sepsitorizado recibir medico", ""},
		{en, "can the same one dodge", ""},
		{es, "el bono de 1 r del fireteam de tres se aplica a un ataque especulativo", ""},
		{en, "does targeted state give a mod to the attacker", ""},
	} {
		if got := strings.Join(countedNouns(lang.Words(tc.clause), tc.v), " "); got != tc.want {
			t.Errorf("countedNouns(%q) = %q, want %q", tc.clause, got, tc.want)
		}
	}
	roll := func(k map[string]bool) bool { return k[stem("roll")] || k[stem("tirada")] }
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Regardless of the level, with a single successful WIP Roll, they remove all the Wounds.", true},
		{"If a value greater than one is listed in brackets, this value is the number of weapons the user can place.", true},
		{"Con una única Tirada de VOL se recupera.", true},
		{"The Trooper may make only one Roll.", true},
		{"Troopers with Remote Presence have two distinct levels of Unconscious State.", false},
		{"You may expend Command Tokens to reroll a failed WIP Roll.", false},
		{"Una Tropa en este estado no puede declarar una ORA.", false},
		{"No one can reroll it.", false},
	} {
		if got := statesCount(tc.text, roll); got != tc.want {
			t.Errorf("statesCount(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestAskCountUnstated checks that a question counting something is not
// decided by a text stating no number: "members of a Fireteam cannot be
// part of a Coordinated Order" shares "members" with "Can a Fireteam Core
// have six members?" but says nothing of how many (the one that does
// writes Troopers, not members: nothing answers); "two distinct levels
// of Unconscious State" counts levels, not the rolls asked about; while
// Minelayer's
// "a value greater than one … is the number of weapons" does decide how
// many Mines Minelayer (2) places.
func TestAskCountUnstated(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	a, err := e.Ask(ctx, "Can a Fireteam Core have six members?", Options{Edition: wikirules.N5})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); d != nil && strings.Contains(d.Text, "Coordinated Order") {
		t.Errorf("six members: decided by %s %q, which counts nothing", d.Page, d.Text)
	}
	a, err = e.Ask(ctx, "My Engineer repairs a trooper with Remote Presence: is it one roll or two?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); d != nil && (strings.Contains(d.Text, "two distinct levels") || strings.Contains(d.Text, "reroll")) {
		t.Errorf("one roll or two: decided by %s %q, which does not count rolls", d.Page, d.Text)
	}
	a, err = e.Ask(ctx, "With Minelayer (2) on the profile, can I lay two Mines when he deploys?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); d == nil || d.Page != "Minelayer" || !strings.Contains(d.Text, "this value is the number of weapons") {
		t.Errorf("Minelayer (2): deciding %+v, want the Minelayer value bullet", d)
	}
}

// TestAskStateSubject checks that "Does Targeted State give a MOD to the
// attacker?" is decided by a text of Targeted (Marcado's +3 to the
// attacker), not by the FAQ on whether State MODs stack, whose English
// entry holds neither "give" nor "attacker" (its Spanish translation
// passed only because those words cannot be matched), nor by an Isolated
// State text that holds only the generic "State"; and that an FAQ whose
// entry in the judge's language fails only on its verb ("transformed"
// for "turns") still decides with its translation.
func TestAskStateSubject(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	a, err := e.Ask(ctx, "Does Targeted State give a MOD to the attacker?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); d == nil || d.Page != "Marcado" || !strings.Contains(d.Text, "MOD de +3") {
		t.Errorf("Targeted MOD: deciding %+v, want Marcado's MOD de +3", d)
	}
	a, err = e.Ask(ctx, "The rules say a Command Token turns an Irregular Order Regular. Does that work on an Isolated trooper's Order?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); d == nil || d.Kind != wikirules.KindFAQ || !strings.Contains(d.Text, "Isolated Trooper be transformed") {
		t.Errorf("Isolated Order: deciding %+v, want the FAQ on an Isolated Trooper's Order", d)
	}
}
