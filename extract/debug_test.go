package extract

import (
	"encoding/json"
	"os"
	"testing"
)

func TestDebugDump(t *testing.T) {
	title := os.Getenv("DUMP")
	if title == "" {
		t.Skip()
	}
	x := ExtractText(seedRevision(t, title))
	b, _ := json.MarshalIndent(x, "", "  ")
	os.Stdout.Write(b)
}
