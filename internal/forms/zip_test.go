package forms_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/forms"
	"github.com/tramita/tramita/internal/items"
)

func TestAddressByZipCodeAsksTheConfiguredProvider(t *testing.T) {
	var asked []string
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = append(asked, r.URL.Path)
		switch r.URL.Path {
		case "/ws/01310100/json/":
			_, _ = w.Write([]byte(`{"cep": "01310-100", "logradouro": "Avenida Paulista", "complemento": "de 612 a 1510 - lado par",
				"bairro": "Bela Vista", "localidade": "São Paulo", "uf": "SP"}`))
		case "/ws/99999999/json/":
			_, _ = w.Write([]byte(`{"erro": true}`))
		default:
			w.WriteHeader(http.StatusInternalServerError)
		}
	}))
	defer provider.Close()
	signedIn := func(context.Context) (items.Caller, bool) { return items.Caller{UserID: 1}, true }
	lookup := forms.NewAddressLookup(provider.URL+"/ws/{zip}/json/", nil, signedIn)
	ctx := context.Background()
	a, err := lookup.Lookup(ctx, "01310-100")
	if err != nil || a.Street != "Avenida Paulista" || a.City != "São Paulo" || a.State != "SP" || a.District != "Bela Vista" || a.Zip != "01310-100" {
		t.Fatalf("address: %+v %v", a, err)
	}
	for _, c := range []struct {
		zip    string
		status int
		want   string
	}{
		{"99999-999", 404, "CEP não encontrado."},
		{"12345", 400, "CEP inválido: informe 8 dígitos."},
		{"0131010a", 400, "CEP inválido: informe 8 dígitos."},
		{"11111-111", 502, "A consulta de CEP não respondeu. Tente novamente ou preencha o endereço à mão."},
	} {
		_, err := lookup.Lookup(ctx, c.zip)
		if status(err) != c.status || message(ctx, err) != c.want {
			t.Fatalf("%s: %d %q", c.zip, status(err), message(ctx, err))
		}
	}
	if len(asked) != 3 {
		t.Fatalf("the provider was asked %v", asked)
	}
	// Without a provider nothing leaves the server.
	_, err = forms.NewAddressLookup("", nil, signedIn).Lookup(ctx, "01310100")
	if status(err) != 503 || !strings.Contains(message(ctx, err), "TRAMITA_ZIP_LOOKUP_URL") {
		t.Fatalf("not configured: %v", err)
	}
	// Over HTTP, beside the other item calls.
	r := chi.NewRouter()
	items.NewHandler(nil, signedIn).Routes(r)
	lookup.Routes(r)
	srv := httptest.NewServer(r)
	defer srv.Close()
	res, err := http.Get(srv.URL + "/genericItem/getAddressByZipCode?zip=01310100")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("http: %v %v", res, err)
	}
	res.Body.Close()
}
