package forms

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// Address is the answer of getAddressByZipCode, ready for an address
// control's parts.
type Address struct {
	Zip        string `json:"zip"`
	Street     string `json:"street"`
	Complement string `json:"complement"`
	District   string `json:"district"`
	City       string `json:"city"`
	State      string `json:"state"`
}

// AddressLookup answers getAddressByZipCode through TRAMITA_ZIP_LOOKUP_URL
// ({zip} for the 8 digits; ViaCEP's JSON or Address's fields). Without it the
// call says so: nothing reaches the internet unless configured.
type AddressLookup struct {
	url         string
	client      *http.Client
	currentUser items.CurrentUser
}

// NewAddressLookup returns the lookup; url may be empty (not configured).
func NewAddressLookup(url string, client *http.Client, currentUser items.CurrentUser) *AddressLookup {
	if client == nil {
		client = &http.Client{Timeout: 5 * time.Second}
	}
	return &AddressLookup{url: url, client: client, currentUser: currentUser}
}

// Routes mounts getAddressByZipCode beside the other item calls.
func (a *AddressLookup) Routes(r chi.Router) {
	r.Get("/genericItem/getAddressByZipCode", a.serve)
}

func (a *AddressLookup) serve(w http.ResponseWriter, r *http.Request) {
	if _, ok := a.currentUser(r.Context()); !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	zip := r.URL.Query().Get("zip")
	if zip == "" {
		zip = r.URL.Query().Get("zipCode")
	}
	out, err := a.Lookup(r.Context(), zip)
	httpx.Answer(w, r, out, err)
}

// Lookup finds the address of a Brazilian ZIP code (CEP).
func (a *AddressLookup) Lookup(ctx context.Context, zip string) (*Address, error) {
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		if r == '-' || r == '.' || r == ' ' {
			return -1
		}
		return 'x'
	}, zip)
	if len(digits) != 8 || strings.Contains(digits, "x") {
		return nil, httpx.Invalid("zip", "forms.zipBad")
	}
	if a.url == "" {
		return nil, httpx.Fail(http.StatusServiceUnavailable, "forms.zipNotConfigured")
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.ReplaceAll(a.url, "{zip}", digits), nil)
	if err != nil {
		return nil, fmt.Errorf("zip lookup: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	res, err := a.client.Do(req)
	if err != nil {
		return nil, unavailable(err)
	}
	defer res.Body.Close()
	switch {
	case res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusBadRequest:
		return nil, httpx.Fail(http.StatusNotFound, "forms.zipNotFound")
	case res.StatusCode != http.StatusOK:
		return nil, unavailable(fmt.Errorf("provider answered %d", res.StatusCode))
	}
	var body struct {
		Cep, Logradouro, Complemento, Bairro, Localidade, Uf string
		Zip, Street, Complement, District, City, State       string
		Erro                                                 any
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, 64<<10)).Decode(&body); err != nil {
		return nil, unavailable(fmt.Errorf("provider answer: %w", err))
	}
	if e := body.Erro; e == true || e == "true" {
		return nil, httpx.Fail(http.StatusNotFound, "forms.zipNotFound")
	}
	first := func(a, b string) string {
		if a != "" {
			return a
		}
		return b
	}
	out := &Address{Zip: digits[:5] + "-" + digits[5:], Street: first(body.Logradouro, body.Street),
		Complement: first(body.Complemento, body.Complement), District: first(body.Bairro, body.District),
		City: first(body.Localidade, body.City), State: first(body.Uf, body.State)}
	if out.City == "" && out.Street == "" {
		return nil, httpx.Fail(http.StatusNotFound, "forms.zipNotFound")
	}
	return out, nil
}

// unavailable is a provider that failed: 502 with a clear Message; the
// cause goes to the log.
func unavailable(cause error) error {
	if errors.Is(cause, context.Canceled) {
		return cause
	}
	return &httpx.Error{Status: http.StatusBadGateway, Key: "forms.zipUnavailable", Cause: cause}
}
