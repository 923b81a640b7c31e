package items

// ProtocolPlaceholders are the {name}s a Signature Protocol template may
// use (pt-BR and en names, in no order): what the administration's
// settings editor accepts in signatureProtocolTemplate.
func ProtocolPlaceholders() []string {
	values := protocolValues(&Attachment{}, Signature{}, SignClient{}, "pt-br")
	names := make([]string, 0, len(values))
	for name := range values {
		names = append(names, name)
	}
	return names
}
