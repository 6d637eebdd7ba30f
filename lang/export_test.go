package lang

import "github.com/wikirules/wikirules/docs"

func docsGlossary() string { return docs.Glossary }
