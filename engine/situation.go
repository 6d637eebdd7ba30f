package engine

import (
	"fmt"
	"strings"
)

// Validate reports what is wrong with a situation before it is resolved:
// a turn other than "active" or "reactive", an order of more than two
// skills (an Order holds one Entire Order or two Short Skills), empty
// skill or state names, a Burst base below 1 or above 99 or a modifier
// outside −99…99. It returns nil for a sound situation (fields left out are
// fine: they are simply not asked about).
func (s Situation) Validate() error {
	switch strings.ToLower(strings.TrimSpace(s.Turn)) {
	case "", "active", "reactive":
	default:
		return fmt.Errorf("turn %q: want \"active\" or \"reactive\"", s.Turn)
	}
	if len(s.Order) > 2 {
		return fmt.Errorf("order has %d skills: an Order declares at most two (ORDEN COMPLETA, or two HABILIDADES CORTAS)", len(s.Order))
	}
	for i, sk := range s.Order {
		if strings.TrimSpace(sk) == "" {
			return fmt.Errorf("order[%d] is empty", i)
		}
	}
	for i, st := range s.States {
		if strings.TrimSpace(st) == "" {
			return fmt.Errorf("states[%d] is empty", i)
		}
	}
	if b := s.Burst; b != nil {
		if b.Base < 1 || b.Base > 99 {
			return fmt.Errorf("burst base %d: want 1 to 99", b.Base)
		}
		for i, m := range b.Mods {
			if m < -99 || m > 99 {
				return fmt.Errorf("burst mods[%d] = %d: want -99 to 99", i, m)
			}
		}
	}
	return nil
}
