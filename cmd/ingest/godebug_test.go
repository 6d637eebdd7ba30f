package main

import "testing"

func TestGodebug(t *testing.T) {
	for _, tc := range []struct {
		env  string
		want bool
	}{
		{"", false},
		{"disablethp=1", true},
		{"madvdontneed=1,disablethp=1", true},
		{"disablethp=1, gctrace=1", true},
		{"disablethp=0", false},
		{"disablethp=1,disablethp=0", false},
		{"xdisablethp=1", false},
	} {
		t.Setenv("GODEBUG", tc.env)
		if got := godebug("disablethp", "1"); got != tc.want {
			t.Errorf("GODEBUG=%q: godebug(disablethp, 1) = %v, want %v", tc.env, got, tc.want)
		}
	}
}
