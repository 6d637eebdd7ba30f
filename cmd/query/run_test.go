package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
)

// TestCommandTable: the usage lists every subcommand of the table, in
// name order, each once, and Run finds each by its name.
func TestCommandTable(t *testing.T) {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	if !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Errorf("commands %q: want unique names in order", names)
	}
	var stderr bytes.Buffer
	if err := Run(context.Background(), []string{"help"}, &bytes.Buffer{}, &stderr); err != nil {
		t.Fatal(err)
	}
	last := -1
	for _, n := range names {
		i := strings.Index(stderr.String(), "\n  "+n+" ")
		if i < 0 || i < last {
			t.Errorf("usage lists %q at %d, after %d", n, i, last)
		}
		last = i
	}
	for _, n := range []string{"search", "show", "faq", "history", "diff", "changes", "blame", "ask", "resolve", "serve", "index", "eval"} {
		var out, errb bytes.Buffer
		if err := Run(context.Background(), []string{n, "-h"}, &out, &errb); err != nil || !strings.Contains(errb.String(), "usage: query "+n) {
			t.Errorf("query %s -h: %v, usage %q", n, err, errb.String())
		}
	}
	if err := Run(context.Background(), []string{"nosuch"}, &bytes.Buffer{}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), `unknown command "nosuch"`) {
		t.Errorf("query nosuch: %v", err)
	}
}
