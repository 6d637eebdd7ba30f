package engine

import (
	"strings"
	"testing"
)

func TestSituationValidate(t *testing.T) {
	yes := true
	for _, tc := range []struct {
		name string
		s    Situation
		want string // "" = valid
	}{
		{"S01", Situation{Turn: "active", Order: []string{"Mover", "Mover"}}, ""},
		{"S05", Situation{Turn: "reactive", ARO: "Esquivar", Dodge: &DodgeSituation{Template: true, LoFToAttacker: &yes}}, ""},
		{"S06", Situation{Turn: "active", Burst: &BurstSituation{Base: 2, Mods: []int{1}}}, ""},
		{"turn", Situation{Turn: "sideways"}, "turn"},
		{"three skills", Situation{Turn: "active", Order: []string{"Mover", "Mover", "Mover"}}, "at most two"},
		{"empty skill", Situation{Order: []string{" "}}, "order[0]"},
		{"negative burst", Situation{Burst: &BurstSituation{Base: -3, Mods: []int{-10}}}, "burst base"},
		{"huge mod", Situation{Burst: &BurstSituation{Base: 2, Mods: []int{1000}}}, "mods[0]"},
	} {
		err := tc.s.Validate()
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: Validate() = %v, want %q", tc.name, err, tc.want)
		}
	}
}
