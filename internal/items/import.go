package items

import (
	"net/http"

	"github.com/tramita/tramita/internal/httpx"
)

// Imports runs importExcel.
type Imports struct{}

func (h *FilesHandler) importExcel(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.caller(w, r); !ok {
		return
	}
	httpx.WriteError(w, r, httpx.Fail(http.StatusNotImplemented, "forms.rulesNotYet"))
}

func (h *FilesHandler) importStatus(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.caller(w, r); !ok {
		return
	}
	httpx.WriteError(w, r, httpx.Fail(http.StatusNotImplemented, "forms.rulesNotYet"))
}
