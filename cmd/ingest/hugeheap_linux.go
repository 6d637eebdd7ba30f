package main

import (
	"runtime"

	"golang.org/x/sys/unix"
)

// hugeHeap has the Go runtime map size bytes of heap at once, asks the
// kernel to back them with transparent huge pages (madvise MADV_HUGEPAGE
// on the 2 MB-aligned part; honoured when
// /sys/kernel/mm/transparent_hugepage/enabled is "always" or "madvise"),
// and gives the bytes back to the heap, which then grows into them. The
// runtime maps its heap with 4 KB pages unless the system default is
// "always", and on the 2-core VM of BENCHMARKS.md a first-touched 4 KB
// page costs ~13 us: a 10 MB ingest spent a fifth of its CPU time in page
// faults (31,000 of them, about 11,000 fewer with this). The allocation is
// never written, so nothing is resident until the heap uses it (2 MB at a
// time); a kernel without huge pages refuses the advice and the heap works
// as before. Returns the address and size of the advised range (n == 0:
// none).
//
// The runtime stopped advising its heap itself in Go 1.21.4 for two costs
// that hold here too: with .../transparent_hugepage/defrag at "madvise" a
// fault may wait for the kernel to compact memory when no free huge page
// is left, and khugepaged can fill in again 2 MB ranges the scavenger
// returned in part, so the resident heap can exceed what the memory limit
// counts (golang/go#61718, #64332). For a batch command that runs for
// seconds to minutes and stays under 200 MB (BENCHMARKS.md), the faults
// saved weigh more; GODEBUG=disablethp=1 turns it off (main).
func hugeHeap(size int) (start uintptr, n int) {
	const huge = 2 << 20
	b := make([]byte, size)
	off := (huge - int(uintptrOf(b))%huge) % huge
	n = (size - off) / huge * huge
	if n <= 0 || unix.Madvise(b[off:off+n], unix.MADV_HUGEPAGE) != nil {
		n = 0
	}
	start = uintptrOf(b) + uintptr(off)
	runtime.KeepAlive(b)
	b = nil
	runtime.GC() // free it now: it is above the memory limit main sets
	return start, n
}
