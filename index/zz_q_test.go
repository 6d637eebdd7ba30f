package index

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"
)

func TestZZPerQuery(t *testing.T) {
	p := os.Getenv("ZZ_INDEX")
	if p == "" {
		t.Skip()
	}
	idx, err := OpenReadOnly(p)
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	ctx := context.Background()
	var tot time.Duration
	for _, q := range zzQueries {
		idx.Search(ctx, Query{Text: q, Limit: 10})
		t0 := time.Now()
		var res *Result
		for i := 0; i < 5; i++ {
			res, _ = idx.Search(ctx, Query{Text: q, Limit: 10})
		}
		d := time.Since(t0) / 5
		tot += d
		fmt.Printf("%8.2fms %7d  %q\n", float64(d.Microseconds())/1000, res.Total, q)
	}
	fmt.Printf("mean %.2fms\n", float64(tot.Microseconds())/1000/float64(len(zzQueries)))
}

var zzQueries = []string{
	"dodge template", "esquiva plantilla", "trabdo berserk", "LoF", "ARO dodge template", "dano",
	"¿Se puede esquivar un ataque Berserk?", "berserk engaged", "esquivar zona de control fuera de LDT MOD -3",
	"impersonation IMP-2 discover", "¿Puedo mover a través de una esquina al trepar?", "smoke grenades guts roll",
	"immunity plasma", "sixth sense multispectral visor zero visibility zone", "command token irregular order",
	"salto de combate azotea", "especulatvo", "can I dodge an ARO of a hacking area?", "trepar plus", "cancelar trabado esquivar",
}
