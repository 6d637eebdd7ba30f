// Command load is a bounded load generator for `query serve` (issue 8): it
// sends GET requests to /api/search and to the search page of a server on
// this machine's loopback interface from C concurrent workers, for a fixed
// time per target, and prints for each target the requests per second, the
// latency percentiles (p50, p90, p99, max) and the errors (transport
// errors and statuses other than 200).
//
//	go run ./bench/load -url http://127.0.0.1:18080 -duration 10s -c 8
//
// The queries rotate through judge searches on the seed corpus. The run is
// bounded three ways: the duration per target, a cap on the requests per
// target (-max) and a timeout per request; it refuses any host that is not
// a loopback address. bench/load.sh builds `query`, serves the embedded
// sample corpus and runs this against it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// queries are judge searches over the seed corpus: rule names, states,
// Spanish and English words, abbreviations, a question.
var queries = []string{
	"berserk trabado", "esquivar plantilla", "mover", "suplantado IMP-2", "ataque cc",
	"impetuoso cobertura parcial", "LDT", "MOD -3 FIS", "visor multiespectral", "Dodge template",
	"¿Se puede declarar Berserk estando trabado?", "zona de control", "orden completa", "reset hacker",
	"trepar", "inmunidad plasma",
}

// target is one path to load with the query appended.
type target struct {
	name, path string
}

var targets = []target{
	{"/api/search", "/api/search?q="},
	{"/search (HTML)", "/search?q="},
}

// stats are one target's figures.
type stats struct {
	requests, errors int64
	bytes            int64
	lat              []time.Duration
	elapsed          time.Duration
	firstErr         string
}

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "base URL of a `query serve` on loopback")
	dur := flag.Duration("duration", 10*time.Second, "how long to load each target")
	conc := flag.Int("c", 8, "concurrent workers (connections)")
	maxReq := flag.Int64("max", 2_000_000, "stop a target after this many requests")
	only := flag.String("only", "", "load only the targets whose name contains this")
	flag.Parse()
	if err := run(*base, *dur, *conc, *maxReq, *only); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

func run(base string, dur time.Duration, conc int, maxReq int64, only string) error {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return fmt.Errorf("-url %q: want http://127.0.0.1:PORT", base)
	}
	if err := checkLoopback(u.Hostname()); err != nil {
		return err
	}
	if dur <= 0 || dur > 2*time.Minute || conc < 1 || conc > 256 || maxReq < 1 {
		return fmt.Errorf("want 0 < -duration <= 2m, 1 <= -c <= 256 and -max >= 1")
	}
	client := &http.Client{
		Timeout: 10 * time.Second,
		Transport: &http.Transport{
			MaxIdleConns: conc, MaxIdleConnsPerHost: conc, IdleConnTimeout: 30 * time.Second,
			DisableCompression: true,
		},
	}
	fmt.Printf("load: %s, %d workers, %s per target, at most %d requests per target\n", base, conc, dur, maxReq)
	fmt.Printf("%-16s %10s %10s %9s %9s %9s %9s %8s %10s\n", "target", "requests", "req/s", "p50", "p90", "p99", "max", "errors", "KB/req")
	failed := false
	for _, tg := range targets {
		if only != "" && !strings.Contains(tg.name, only) {
			continue
		}
		st := load(client, strings.TrimSuffix(base, "/")+tg.path, dur, conc, maxReq)
		sort.Slice(st.lat, func(i, j int) bool { return st.lat[i] < st.lat[j] })
		rps := float64(st.requests) / st.elapsed.Seconds()
		kb := 0.0
		if st.requests > 0 {
			kb = float64(st.bytes) / float64(st.requests) / 1024
		}
		fmt.Printf("%-16s %10d %10.0f %9s %9s %9s %9s %8d %10.1f\n", tg.name, st.requests, rps,
			pct(st.lat, 50), pct(st.lat, 90), pct(st.lat, 99), pct(st.lat, 100), st.errors, kb)
		if st.errors > 0 {
			failed = true
			fmt.Printf("  first error: %s\n", st.firstErr)
		}
	}
	if failed {
		return errors.New("some requests failed")
	}
	return nil
}

// checkLoopback refuses a host that is not a loopback address (a name is
// resolved, and every address it has must be loopback).
func checkLoopback(host string) error {
	ips := []net.IP{net.ParseIP(host)}
	if ips[0] == nil {
		addrs, err := net.LookupIP(host)
		if err != nil {
			return fmt.Errorf("host %q: %w", host, err)
		}
		ips = addrs
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return fmt.Errorf("host %q is %s, not loopback: load only a server on this machine", host, ip)
		}
	}
	return nil
}

// load sends requests to prefix+query from conc workers until dur has
// passed or maxReq requests were sent.
func load(client *http.Client, prefix string, dur time.Duration, conc int, maxReq int64) *stats {
	ctx, cancel := context.WithTimeout(context.Background(), dur)
	defer cancel()
	var sent, nerr, nbytes atomic.Int64
	var mu sync.Mutex
	st := &stats{}
	lats := make([][]time.Duration, conc)
	var wg sync.WaitGroup
	start := time.Now()
	for w := range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat := make([]time.Duration, 0, 1<<16)
			for i := w; ctx.Err() == nil; i += conc {
				if sent.Add(1) > maxReq {
					break
				}
				u := prefix + url.QueryEscape(queries[i%len(queries)])
				t0 := time.Now()
				n, err := get(client, u)
				d := time.Since(t0)
				if err != nil {
					nerr.Add(1)
					mu.Lock()
					if st.firstErr == "" {
						st.firstErr = err.Error()
					}
					mu.Unlock()
					continue
				}
				nbytes.Add(n)
				lat = append(lat, d)
			}
			lats[w] = lat
		}()
	}
	wg.Wait()
	st.elapsed = time.Since(start)
	for _, l := range lats {
		st.lat = append(st.lat, l...)
	}
	st.requests = int64(len(st.lat)) + nerr.Load()
	st.errors, st.bytes = nerr.Load(), nbytes.Load()
	return st
}

// get fetches u, reads the whole body and returns its size; a status
// other than 200 is an error.
func get(client *http.Client, u string) (int64, error) {
	res, err := client.Get(u)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	n, err := io.Copy(io.Discard, res.Body)
	if err != nil {
		return n, err
	}
	if res.StatusCode != http.StatusOK {
		return n, fmt.Errorf("GET %s: status %d", u, res.StatusCode)
	}
	return n, nil
}

// pct returns the p-th percentile of sorted durations, rounded for print.
func pct(sorted []time.Duration, p int) string {
	if len(sorted) == 0 {
		return "-"
	}
	i := (len(sorted)*p + 99) / 100
	i = min(max(i-1, 0), len(sorted)-1)
	d := sorted[i]
	switch {
	case d >= time.Millisecond:
		return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond))
	default:
		return fmt.Sprintf("%.0fµs", float64(d)/float64(time.Microsecond))
	}
}
