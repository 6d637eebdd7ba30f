//go:build !unix

package engine

import "time"

// processCPU returns 0 where the process CPU time is not read.
func processCPU() time.Duration { return 0 }
