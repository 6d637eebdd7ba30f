//go:build !linux

package main

import "testing"

// checkHugeMappings checks nothing outside Linux (see hugeheap_test.go).
func checkHugeMappings(*testing.T, int) {}
