//go:build !linux

package main

// hugeHeap does nothing outside Linux (see hugeheap_linux.go).
func hugeHeap(int) (uintptr, int) { return 0, 0 }
