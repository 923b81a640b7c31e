package auth

import _ "embed"

// defaultTermsName and defaultTermsPDF are the terms of use shipped as version
// 1 (Portuguese, one A4 page); an organisation publishes its own with
// PublishTerms. terms/README.md says how to replace the file.
const defaultTermsName = "termos-de-uso.pdf"

//go:embed terms/termos-de-uso.pdf
var defaultTermsPDF []byte
