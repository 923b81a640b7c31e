package auth

import _ "embed"

// defaultTermsName and defaultTermsPDF are the terms of use Tramita ships
// as version 1, in Portuguese (one A4 page); an organisation replaces them
// with its own PDF (PublishTerms). The file is in terms/ beside this one
// (see terms/README.md).
const defaultTermsName = "termos-de-uso.pdf"

//go:embed terms/termos-de-uso.pdf
var defaultTermsPDF []byte
