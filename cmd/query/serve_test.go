package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// startServe runs `query serve -addr 127.0.0.1:0` on the embedded sample
// corpus and returns its base URL; the server stops (and Run must return
// nil) when the test ends.
func startServe(t *testing.T) string {
	t.Helper()
	return startServeArgs(t)
}

// startServeArgs is startServe with more flags for query serve.
func startServeArgs(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, append([]string{"serve", "-addr", "127.0.0.1:0"}, args...), io.Discard, pw)
		pw.Close()
	}()
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "serving on "); ok {
				addr <- strings.Fields(rest)[0]
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("query serve returned %v after interrupt, want nil", err)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("query serve did not stop within 10 s of its interrupt")
		}
	})
	select {
	case u := <-addr:
		return strings.TrimSuffix(u, "/")
	case err := <-done:
		t.Fatalf("query serve: %v", err)
	case <-time.After(60 * time.Second):
		t.Fatal("query serve did not say where it listens within 60 s")
	}
	return ""
}

// TestServeAPIMirrorsCLI checks that every JSON route of `query serve`
// answers with the very document `query … -json` prints for the same
// question, on the same sample corpus.
func TestServeAPIMirrorsCLI(t *testing.T) {
	base := startServe(t)
	tests := []struct {
		cli        []string
		method     string
		path, body string
	}{
		{[]string{"search", "-json", "-edition", "n4", "berserk", "trabado"}, "GET", "/api/search?q=berserk+trabado&edition=n4&n=10", ""},
		{[]string{"search", "-json", "-kind", "errata", "esquivar"}, "GET", "/api/search?q=esquivar&kind=errata&n=10", ""},
		{[]string{"show", "-json", "-edition", "c1", "Esquivar"}, "GET", "/api/page/Esquivar?edition=c1", ""},
		{[]string{"faq", "-json", "berserk"}, "GET", "/api/faq?q=berserk", ""},
		{[]string{"history", "-json", "GizmoKit"}, "GET", "/api/history/GizmoKit", ""},
		{[]string{"diff", "-json", "Sin Incapacidad por Herida"}, "GET", "/api/diff/Sin%20Incapacidad%20por%20Herida", ""},
		{[]string{"ask", "-json", "¿Se puede declarar Berserk estando trabado?"}, "POST", "/api/ask",
			`{"question": "¿Se puede declarar Berserk estando trabado?"}`},
	}
	// Both query search and the server answer from the bleve index of
	// the sample (built once per process).
	for _, tc := range tests {
		t.Run(tc.cli[0], func(t *testing.T) {
			var want, got any
			decode(t, runQuery(t, tc.cli...), &want)
			req, err := http.NewRequest(tc.method, base+tc.path, strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Fatalf("%s %s: status %d\n%s", tc.method, tc.path, res.StatusCode, body)
			}
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatalf("%s: %v", tc.path, err)
			}
			if !reflect.DeepEqual(got, want) {
				g, _ := json.MarshalIndent(got, "", " ")
				w, _ := json.MarshalIndent(want, "", " ")
				t.Errorf("%s %s differs from query %s:\nAPI: %.1500s\nCLI: %.1500s", tc.method, tc.path, strings.Join(tc.cli, " "), g, w)
			}
		})
	}
}

// TestServeResolveMirrorsCLI posts judge case S02 (Trepar + Mover) to
// /api/resolve and checks it against `query resolve -json` of the same file.
func TestServeResolveMirrorsCLI(t *testing.T) {
	base := startServe(t)
	const situation = `{"turn": "active", "order": ["Trepar", "Mover"]}`
	path := t.TempDir() + "/s02.json"
	if err := os.WriteFile(path, []byte(situation), 0o644); err != nil {
		t.Fatal(err)
	}
	var want, got any
	decode(t, runQuery(t, "resolve", "-json", path), &want)
	res, err := http.Post(base+"/api/resolve", "application/json", strings.NewReader(situation))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("POST /api/resolve: status %d", res.StatusCode)
	}
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("/api/resolve differs from query resolve -json:\nAPI: %v\nCLI: %v", got, want)
	}
	if v, _ := got.(map[string]any)["verdict"].(string); !strings.HasPrefix(v, "invalid") {
		t.Errorf("Trepar + Mover verdict %q, want invalid", v)
	}
}
