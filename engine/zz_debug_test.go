package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

func TestDebugAsk(t *testing.T) {
	q := os.Getenv("Q")
	if q == "" {
		t.Skip()
	}
	e := sampleEngine(t)
	a, err := e.Ask(context.Background(), q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("VERDICT", a.Verdict, a.Found, e.analyze(q).topics, e.analyze(q).expanded)
	for _, s := range a.Sources {
		fmt.Printf("- %s %s %s score=%.2f reason=%s\n    %.200s\n", s.Role, s.Kind, s.Citation, s.Score, s.Reason, s.Text)
	}
	fmt.Println(a.Notes)
}

func TestDebugResolve(t *testing.T) {
	q := os.Getenv("S")
	if q == "" {
		t.Skip()
	}
	var s Situation
	json.Unmarshal([]byte(q), &s)
	e := sampleEngine(t)
	r, err := e.Resolve(context.Background(), s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.MarshalIndent(r, "", " ")
	fmt.Println(string(b))
}
