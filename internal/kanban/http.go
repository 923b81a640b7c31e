package kanban

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
)

// Handler serves the board calls under /kanban.
type Handler struct {
	svc         *Service
	currentUser CurrentUser
}

// NewHandler returns the handler; currentUser names the caller of a request.
func NewHandler(svc *Service, currentUser CurrentUser) *Handler {
	return &Handler{svc: svc, currentUser: currentUser}
}

// Routes mounts the calls.
func (h *Handler) Routes(r chi.Router) {
	r.Get("/kanban/getBoards", get(h, func(q url.Values) (BoardsInput, error) {
		id, err := number(q, "appID")
		return BoardsInput{AppID: id}, err
	}, h.svc.Boards))
	r.Get("/kanban/getBoard", get(h, boardInput, h.svc.Board))
	r.Get("/kanban/getColumn", get(h, func(q url.Values) (PageInput, error) {
		b, err := boardInput(q)
		if err != nil {
			return PageInput{}, err
		}
		in := PageInput{BoardInput: b}
		if in.StatusID, err = number(q, "statusID"); err != nil {
			return in, err
		}
		off, err := number(q, "offset")
		in.Offset = int(off)
		return in, err
	}, h.svc.Column))
	r.Post("/kanban/saveWipLimits", h.saveWIPLimits)
	r.Post("/kanban/setLane", h.setLane)
}

// boardInput reads viewID, queryID (absent: the default query; 0: all),
// projectID, limit and search.
func boardInput(q url.Values) (BoardInput, error) {
	var in BoardInput
	var err error
	if in.ViewID, err = number(q, "viewID"); err != nil {
		return in, err
	}
	if q.Has("queryID") && q.Get("queryID") != "" {
		id, err := number(q, "queryID")
		if err != nil {
			return in, err
		}
		in.QueryID = &id
	}
	if in.ProjectID, err = number(q, "projectID"); err != nil {
		return in, err
	}
	limit, err := number(q, "limit")
	in.Limit = int(limit)
	in.Search = q.Get("search")
	return in, err
}

// number reads a whole number parameter (case-insensitive name); absent is 0.
func number(q url.Values, name string) (int64, error) {
	var v string
	for k, vs := range q {
		if strings.EqualFold(k, name) && len(vs) > 0 {
			v = vs[0]
		}
	}
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, httpx.Invalid(name, "kanban.paramNumber", "param", name)
	}
	return n, nil
}

func get[In, Out any](h *Handler, read func(url.Values) (In, error), fn func(context.Context, Caller, In) (Out, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, ok := h.currentUser(r.Context())
		if !ok {
			httpx.WriteError(w, r, httpx.Unauthorized())
			return
		}
		in, err := read(r.URL.Query())
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		out, err := fn(r.Context(), c, in)
		httpx.Answer(w, r, out, err)
	}
}

func (h *Handler) saveWIPLimits(w http.ResponseWriter, r *http.Request) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	if !c.PanelAdmin {
		httpx.WriteError(w, r, httpx.Forbidden())
		return
	}
	var in WIPInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.svc.SaveWIPLimits(r.Context(), c, in)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
}

func (h *Handler) setLane(w http.ResponseWriter, r *http.Request) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	var in LaneInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.svc.SetLane(r.Context(), c, in)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

func pathEscape(s string) string { return url.PathEscape(s) }
