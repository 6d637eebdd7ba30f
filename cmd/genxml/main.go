// Command genxml writes a deterministic synthetic MediaWiki XML export built
// from the seed pages, for benchmarks of the readers and of ingest.
//
// Usage:
//
//	genxml -size 100MB -seed 1 -o /tmp/wiki-100MB.xml
//	genxml -size 1GB -o /tmp/wiki-1GB.xml.gz      # gzip-compressed by the .gz suffix
//
// The same flags always give the same bytes (see package bench/gen).
package main

import (
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/wikirules/wikirules/bench/gen"
)

func main() {
	if err := Run(context.Background(), os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "genxml:", err)
		os.Exit(1)
	}
}

const usage = `usage: genxml [-size SIZE] [-seed N] [-revisions N] [-version 0.10|0.11] -o FILE

Writes a synthetic MediaWiki XML export made from the 45 seed pages: renamed
variants of each page ("Esquivar (variante 2)"…), each with a history of
edits (a word changed, a bullet added or removed, a MOD number changed, an
FAQ box added). Output is deterministic for the same flags.

Flags:
  -size SIZE      target size of the (uncompressed) export: 10MB, 100MB, 1GB,
                  or bytes; units are powers of 1024 (KB, MB, GB). Default 10MB.
  -seed N         random seed (default 1).
  -revisions N    revisions per page (default 20).
  -version V      export schema version, 0.10 or 0.11 (default 0.11).
  -o FILE         output file, "-" for standard output; a name ending in .gz
                  is gzip-compressed.

Example:
  genxml -size 100MB -seed 1 -o /tmp/wiki-100MB.xml
`

// Run parses args and writes the export; a summary goes to stderr.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("genxml", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage) }
	size := fs.String("size", "10MB", "target size")
	seed := fs.Uint64("seed", 1, "random seed")
	revs := fs.Int("revisions", 20, "revisions per page")
	version := fs.String("version", "0.11", "schema version")
	out := fs.String("o", "", "output file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("-o FILE is required and no arguments are taken")
	}
	n, err := ParseSize(*size)
	if err != nil {
		return err
	}
	if *version != "0.10" && *version != "0.11" {
		return fmt.Errorf("-version %q: want 0.10 or 0.11", *version)
	}
	var w io.Writer = stdout
	var closers []io.Closer
	if *out != "-" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
		closers = append(closers, f)
		if strings.HasSuffix(*out, ".gz") {
			zw := gzip.NewWriter(f)
			w = zw
			closers = append([]io.Closer{zw}, closers...)
		}
	}
	start := time.Now()
	st, err := gen.Write(w, gen.Options{Size: n, Seed: *seed, Revisions: *revs, Version: *version})
	if err != nil {
		return err
	}
	for _, c := range closers {
		if err := c.Close(); err != nil {
			return err
		}
	}
	el := time.Since(start)
	fmt.Fprintf(stderr, "genxml: %s: %d bytes, %d pages, %d revisions in %.1fs (%.1f MB/s); edits %v\n",
		*out, st.Bytes, st.Pages, st.Revisions, el.Seconds(), float64(st.Bytes)/1e6/el.Seconds(), st.Edits)
	return ctx.Err()
}

// ParseSize reads "10MB", "100MB", "1GB", "512KB" or a number of bytes
// (units are powers of 1024, case-insensitive, "B" optional: "1G", "20MiB").
func ParseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "IB"), "B")
	mult := int64(1)
	switch {
	case strings.HasSuffix(t, "K"):
		mult = 1 << 10
	case strings.HasSuffix(t, "M"):
		mult = 1 << 20
	case strings.HasSuffix(t, "G"):
		mult = 1 << 30
	}
	if mult > 1 {
		t = t[:len(t)-1]
	}
	n, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("-size %q: want a size such as 10MB, 100MB or 1GB", s)
	}
	return int64(n * float64(mult)), nil
}
