package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/source"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		err  bool
	}{
		{"10MB", 10 << 20, false}, {"100MB", 100 << 20, false}, {"1GB", 1 << 30, false},
		{"512kb", 512 << 10, false}, {"20MiB", 20 << 20, false}, {"1g", 1 << 30, false},
		{"4096", 4096, false}, {"1.5MB", 3 << 19, false}, {"", 0, true}, {"-1MB", 0, true}, {"big", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseSize(tt.in)
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("ParseSize(%q) = %d, %v; want %d (error %v)", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestRunGzip(t *testing.T) {
	out := filepath.Join(t.TempDir(), "wiki.xml.gz")
	var stderr bytes.Buffer
	if err := Run(context.Background(), []string{"-size", "100KB", "-seed", "3", "-revisions", "4", "-o", out}, nil, &stderr); err != nil {
		t.Fatal(err)
	}
	r, f, err := source.Open(out, "")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Compression != "gzip" || f.Format != "xml" {
		t.Errorf("compression %q format %q", f.Compression, f.Format)
	}
	n := 0
	for {
		if _, err := r.Next(); err != nil {
			if !errors.Is(err, io.EOF) {
				t.Fatal(err)
			}
			break
		}
		n++
	}
	if n == 0 || n%4 != 0 || !strings.Contains(stderr.String(), "revisions") {
		t.Errorf("%d revisions; stderr %q", n, stderr.String())
	}
	var stdout bytes.Buffer
	if err := Run(context.Background(), []string{"-check", out}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("xml %d revisions", n); !strings.Contains(stdout.String(), want) {
		t.Errorf("-check printed %q, want %q", stdout.String(), want)
	}
	if err := Run(context.Background(), []string{"-size", "1MB"}, nil, &stderr); err == nil {
		t.Error("no -o: want an error")
	}
	if _, err := os.Stat(out); err != nil {
		t.Error(err)
	}
}
