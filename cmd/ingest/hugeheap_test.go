//go:build linux

package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestHugeHeap: hugeHeap advises a 2 MB-aligned range of the Go heap for
// transparent huge pages, and the heap keeps the mapping (the runtime
// maps heap memory once and reuses it), so /proc/self/smaps shows the
// range's mapping with VmFlags "hg".
func TestHugeHeap(t *testing.T) {
	start, n := hugeHeap(16 << 20)
	if thp, _ := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled"); len(thp) == 0 || strings.Contains(string(thp), "[never]") {
		t.Skipf("transparent huge pages off (%q); advised %d bytes", thp, n)
	}
	if n < 12<<20 || start%(2<<20) != 0 {
		t.Fatalf("advised %d bytes at %#x, want at least 12 MiB at a 2 MB boundary", n, start)
	}
	for _, a := range []uintptr{start, start + uintptr(n) - 1} {
		if flags := vmFlags(t, a); !strings.Contains(" "+flags+" ", " hg ") {
			t.Errorf("mapping of %#x: VmFlags %q, want hg (MADV_HUGEPAGE)", a, flags)
		}
	}
}

// vmFlags returns the VmFlags of the mapping holding address a
// (/proc/self/smaps).
func vmFlags(t *testing.T, a uintptr) string {
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		var lo, hi uintptr
		if f := strings.Fields(line); len(f) > 0 && strings.Contains(f[0], "-") {
			if n, _ := fmt.Sscanf(f[0], "%x-%x", &lo, &hi); n == 2 {
				in = lo <= a && a < hi
				continue
			}
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmFlags:"))
		}
	}
	t.Fatalf("no mapping holds %#x", a)
	return ""
}

// checkHugeMappings fails t unless the running ingest pid has the memory
// main advises for transparent huge pages (/proc/PID/smaps, VmFlags "hg"):
// kb.ReservePageCache's buffer, a mapping of its own of pageCacheBytes,
// all resident (SQLite links every slot when it starts), and at least
// 64 MiB more, hugeHeap's part of the Go heap. Skipped when the kernel has
// them off or GODEBUG turns them off.
func checkHugeMappings(t *testing.T, pid int) {
	t.Helper()
	if thp, _ := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled"); len(thp) == 0 || strings.Contains(string(thp), "[never]") || godebug("disablethp", "1") {
		return
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/smaps", pid))
	if err != nil {
		t.Logf("no smaps: %v", err)
		return
	}
	const bufKB = pageCacheBytes >> 10
	var size, rss int // kB, of the mapping being read
	buffer, heap := false, 0
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 3 && f[0] == "Size:":
			fmt.Sscan(f[1], &size)
		case len(f) == 3 && f[0] == "Rss:":
			fmt.Sscan(f[1], &rss)
		case len(f) > 0 && f[0] == "VmFlags:" && strings.Contains(line+" ", " hg "):
			if size == bufKB && rss == bufKB && !buffer {
				buffer = true
			} else {
				heap += size
			}
		}
	}
	if !buffer {
		t.Errorf("ingest %d: no resident %d kB mapping advised for huge pages (kb.ReservePageCache's buffer)", pid, bufKB)
	}
	if heap < 64<<10 {
		t.Errorf("ingest %d: %d kB of other mappings advised for huge pages, want at least 64 MiB of Go heap (hugeHeap)", pid, heap)
	}
}
