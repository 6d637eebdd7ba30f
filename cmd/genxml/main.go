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
	"syscall"
	"time"

	"github.com/wikirules/wikirules/bench/gen"
	"github.com/wikirules/wikirules/source"
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
  -check FILE     instead of writing, read FILE (any format source.Open
                  detects, compressed or not) and print revisions, MB/s and
                  peak resident memory: the readers' throughput.

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
	check := fs.String("check", "", "read FILE and report throughput")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *check != "" {
		return Check(ctx, *check, stdout)
	}
	if *out == "" || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("-o FILE (or -check FILE) is required and no arguments are taken")
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

// Check reads every revision of path with source.Open and prints one line:
// revisions, bytes (uncompressed), seconds, MB/s, revisions/s and peak
// resident memory (getrusage maxrss). Errors are the reader's, naming the
// file and offset.
func Check(ctx context.Context, path string, stdout io.Writer) error {
	start := time.Now()
	r, f, err := source.Open(path, "")
	if err != nil {
		return err
	}
	defer f.Close()
	n := 0
	for {
		if n%1024 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		_, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		n++
	}
	el := time.Since(start).Seconds()
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	fmt.Fprintf(stdout, "%s: %s %d revisions, %d bytes in %.2fs: %.1f MB/s, %.0f revisions/s, cpu %.2fs, peak RSS %.1f MB\n",
		path, f.Format, n, r.Offset(), el, float64(r.Offset())/1e6/el, float64(n)/el,
		time.Duration(ru.Utime.Nano()+ru.Stime.Nano()).Seconds(), float64(ru.Maxrss)/1024)
	return nil
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
