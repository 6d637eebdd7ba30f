package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestAskOpensWithFocus checks that "what does X do?" is decided by the
// text whose subject is X (Martial Arts' "The "+1 SD" MOD allows the
// player to roll one extra die…", J203), not by a chart row about as
// relevant that only names it ("Level: 3; …; Burst MOD: +1 SD"), and that
// a question asking no effect ("how is …") leaves the rule alone.
func TestAskOpensWithFocus(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	q := "What does the +1 SD MOD of N5 Martial Arts let me do?"
	a, err := e.Ask(ctx, q, Options{Edition: wikirules.N5})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); d == nil || d.Page != "Martial Arts" || !strings.Contains(d.Text, "roll one extra die") {
		t.Errorf("%q: deciding %+v, want the +1 SD text", q, d)
	}
	qa := e.analyze(q)
	for _, tc := range []struct {
		text string
		want bool
	}{
		{`The "+1 SD" MOD allows the player to roll one extra die, and then select and discard one die from the Roll.`, true},
		{"Level: 3; Attack MOD: +3; Opponent MOD: -3; Burst MOD: +1 SD", false},
	} {
		c := &candidate{rec: &wikirules.Record{Page: "Martial Arts", Plain: tc.text}, page: "Martial Arts", lang: "en"}
		if got := e.opensWithFocus(qa, c); got != tc.want {
			t.Errorf("opensWithFocus(%.40q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	c := &candidate{rec: &wikirules.Record{Page: "Martial Arts", Plain: `The "+1 SD" MOD allows the player to roll one extra die.`}, page: "Martial Arts", lang: "en"}
	if e.opensWithFocus(e.analyze("How many dice does the +1 SD MOD of N5 Martial Arts add?"), c) {
		t.Errorf("opensWithFocus holds for a question asking a number, not an effect")
	}
}
