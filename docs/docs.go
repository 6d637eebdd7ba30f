// Package docs holds the project's documents that the code reads as data.
// It embeds them and does nothing else.
package docs

import _ "embed"

// Glossary is GLOSSARY.md: the Spanish ↔ English game terms and
// abbreviations as Markdown tables (es | en | meaning). Package lang parses
// it; the file's section "How the code reads this file" says how.
//
//go:embed GLOSSARY.md
var Glossary string
