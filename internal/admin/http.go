package admin

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Handler serves the administration calls.
type Handler struct {
	svc *Service
	// address is the caller's address as the auth module trusts it.
	address func(*http.Request) string
}

// NewHandler returns the handler; address gives the caller's IP address
// (auth.Service.ClientOf knows the trusted proxies).
func NewHandler(svc *Service, address func(*http.Request) string) *Handler {
	return &Handler{svc: svc, address: address}
}

// Routes mounts every administration call, each behind auth.RequireAdmin:
// the spec's user calls under /user and ours under /admin.
func (h *Handler) Routes(r chi.Router) {
	r.Group(func(r chi.Router) {
		r.Use(auth.RequireAdmin, noStore)
		r.Post("/user/getUsers", h.getUsers)
		r.Get("/user/getUserFormInitialData", h.getUserFormInitialData)
		r.Get("/user/getUsertoEdit", h.getUserToEdit)
		r.Post("/user/saveUser", h.saveUser)
		r.Post("/user/deleteUsers", h.deleteUsers)
		r.Get("/admin/users/{id}/avatar", h.userAvatar)

		r.Get("/admin/additionalFields", h.additionalFields)
		r.Post("/admin/additionalFields/save", h.saveAdditionalField)
		r.Post("/admin/additionalFields/delete", h.deleteAdditionalField)

		r.Post("/admin/groups/list", h.groups)
		r.Post("/admin/groups/save", h.saveGroup)
		r.Post("/admin/groups/delete", h.deleteGroup)
		r.Get("/admin/groups/members", h.groupMembers)
		r.Post("/admin/groups/members", h.setGroupMembers)

		r.Post("/admin/companies/list", h.companies)
		r.Get("/admin/companies/get", h.company)
		r.Post("/admin/companies/save", h.saveCompany)
		r.Post("/admin/companies/delete", h.deleteCompany)

		r.Post("/admin/auditLog/list", h.auditLog)
		r.Post("/admin/auditLog/export", h.exportAuditLog)
		r.Get("/admin/auditLog/verify", h.verifyAuditLog)

		r.Get("/admin/emailServer", h.mailServer)
		r.Post("/admin/emailServer/save", h.saveMailServer)
		r.Post("/admin/emailServer/test", h.sendTestMail)

		r.Get("/admin/plan", h.plan)
		r.Post("/admin/plan/save", h.savePlan)
		r.Get("/admin/dashboard", h.dashboard)

		r.Get("/admin/settings", h.settings)
		r.Post("/admin/settings/save", h.saveSettings)
		r.Post("/admin/settings/termsOfUse", h.publishTerms)
	})
}

func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}

func (h *Handler) actor(r *http.Request) Actor {
	p, _ := auth.PrincipalFrom(r.Context())
	return Actor{Principal: p, Address: h.address(r)}
}

// queryID reads an id from the query; a missing one is 0.
func queryID(r *http.Request, name string) (int64, error) {
	raw := strings.TrimSpace(r.URL.Query().Get(name))
	if raw == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id < 0 {
		return 0, httpx.Invalid(name, "admin.invalidID")
	}
	return id, nil
}

func answer[T any](w http.ResponseWriter, r *http.Request, v T, err error) {
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, v)
}

// decodeOptional reads a body that may be missing altogether.
func decodeOptional(r *http.Request, v any) error {
	if r.ContentLength == 0 {
		return nil
	}
	return httpx.Decode(r, v)
}

func (h *Handler) getUsers(w http.ResponseWriter, r *http.Request) {
	var f UserFilter
	if err := decodeOptional(r, &f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	list, err := h.svc.Users(r.Context(), h.actor(r), f)
	answer(w, r, list, err)
}

func (h *Handler) getUserFormInitialData(w http.ResponseWriter, r *http.Request) {
	if _, err := queryID(r, "UserId"); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data, err := h.svc.UserFormInitialData(r.Context(), h.actor(r), i18n.From(r.Context()))
	answer(w, r, data, err)
}

func (h *Handler) getUserToEdit(w http.ResponseWriter, r *http.Request) {
	id, err := queryID(r, "UserId")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	form, err := h.svc.UserToEdit(r.Context(), h.actor(r), id)
	answer(w, r, form, err)
}

func (h *Handler) saveUser(w http.ResponseWriter, r *http.Request) {
	var in SaveUserInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	saved, err := h.svc.SaveUser(r.Context(), h.actor(r), in)
	answer(w, r, saved, err)
}

// idsBody is a list of ids to act on; the web client sends a bare array or
// {"ids": [...]}.
type idsBody []int64

func (b *idsBody) UnmarshalJSON(raw []byte) error {
	var list []int64
	if len(raw) > 0 && raw[0] == '[' {
		if err := json.Unmarshal(raw, &list); err != nil {
			return err
		}
	} else {
		var obj struct {
			IDs []int64 `json:"ids"`
		}
		if err := json.Unmarshal(raw, &obj); err != nil {
			return err
		}
		list = obj.IDs
	}
	*b = list
	return nil
}

func (h *Handler) deleteUsers(w http.ResponseWriter, r *http.Request) {
	var ids idsBody
	if err := httpx.Decode(r, &ids); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	err := h.svc.DeleteUsers(r.Context(), h.actor(r), ids)
	answer(w, r, map[string]int{"deleted": len(ids)}, err)
}

func (h *Handler) userAvatar(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		httpx.WriteError(w, r, httpx.NotFound())
		return
	}
	avatar, err := h.svc.Avatar(r.Context(), h.actor(r), id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	meta, data, _ := strings.Cut(avatar, ",")
	img, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		httpx.WriteError(w, r, httpx.NotFound())
		return
	}
	w.Header().Set("Content-Type", strings.TrimSuffix(strings.TrimPrefix(meta, "data:"), ";base64"))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(img)
}

func (h *Handler) additionalFields(w http.ResponseWriter, r *http.Request) {
	list, err := h.svc.AdditionalFields(r.Context(), h.actor(r), r.URL.Query().Get("entity"))
	answer(w, r, list, err)
}

func (h *Handler) saveAdditionalField(w http.ResponseWriter, r *http.Request) {
	var in FieldDefinition
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	saved, err := h.svc.SaveAdditionalField(r.Context(), h.actor(r), in)
	answer(w, r, saved, err)
}

func (h *Handler) deleteAdditionalField(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ID int64 `json:"id"`
	}
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	answer(w, r, map[string]bool{"deleted": true}, h.svc.DeleteAdditionalField(r.Context(), h.actor(r), in.ID))
}

// idBody is the body of the calls that act on one record.
type idBody struct {
	ID int64 `json:"id"`
}

func (h *Handler) groups(w http.ResponseWriter, r *http.Request) {
	var f GroupFilter
	if err := decodeOptional(r, &f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	list, err := h.svc.Groups(r.Context(), h.actor(r), f)
	answer(w, r, list, err)
}

func (h *Handler) saveGroup(w http.ResponseWriter, r *http.Request) {
	var in Group
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	saved, err := h.svc.SaveGroup(r.Context(), h.actor(r), in)
	answer(w, r, saved, err)
}

func (h *Handler) deleteGroup(w http.ResponseWriter, r *http.Request) {
	var in idBody
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	err := h.svc.DeleteGroup(r.Context(), h.actor(r), in.ID, i18n.From(r.Context()))
	answer(w, r, map[string]bool{"deleted": true}, err)
}

func (h *Handler) groupMembers(w http.ResponseWriter, r *http.Request) {
	id, err := queryID(r, "groupId")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	list, err := h.svc.GroupMembers(r.Context(), h.actor(r), id)
	answer(w, r, list, err)
}

func (h *Handler) setGroupMembers(w http.ResponseWriter, r *http.Request) {
	var in struct {
		GroupID int64   `json:"groupId"`
		UserIDs []int64 `json:"userIds"`
	}
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	err := h.svc.SetGroupMembers(r.Context(), h.actor(r), in.GroupID, in.UserIDs)
	answer(w, r, map[string]bool{"saved": true}, err)
}

func (h *Handler) companies(w http.ResponseWriter, r *http.Request) {
	var f CompanyFilter
	if err := decodeOptional(r, &f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	list, err := h.svc.Companies(r.Context(), h.actor(r), f)
	answer(w, r, list, err)
}

func (h *Handler) company(w http.ResponseWriter, r *http.Request) {
	id, err := queryID(r, "companyId")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	c, err := h.svc.Company(r.Context(), h.actor(r), id)
	answer(w, r, c, err)
}

func (h *Handler) saveCompany(w http.ResponseWriter, r *http.Request) {
	var in Company
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	saved, err := h.svc.SaveCompany(r.Context(), h.actor(r), in)
	answer(w, r, saved, err)
}

func (h *Handler) deleteCompany(w http.ResponseWriter, r *http.Request) {
	var in idBody
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	err := h.svc.DeleteCompany(r.Context(), h.actor(r), in.ID, i18n.From(r.Context()))
	answer(w, r, map[string]bool{"deleted": true}, err)
}

func (h *Handler) auditLog(w http.ResponseWriter, r *http.Request) {
	var f AuditFilter
	if err := decodeOptional(r, &f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	page, err := h.svc.AuditLog(r.Context(), h.actor(r), f)
	answer(w, r, page, err)
}

// exportAuditLog answers CSV. The body is built in memory first so a
// failure still answers the JSON error envelope, not half a file.
func (h *Handler) exportAuditLog(w http.ResponseWriter, r *http.Request) {
	var f AuditFilter
	if err := decodeOptional(r, &f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var buf bytes.Buffer
	if err := h.svc.ExportAuditLog(r.Context(), h.actor(r), f, i18n.From(r.Context()), &buf); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="audit-log.csv"`)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
}

func (h *Handler) mailServer(w http.ResponseWriter, r *http.Request) {
	m, err := h.svc.MailServer(r.Context(), h.actor(r))
	answer(w, r, m, err)
}

func (h *Handler) saveMailServer(w http.ResponseWriter, r *http.Request) {
	var in SaveMailServerInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	m, err := h.svc.SaveMailServer(r.Context(), h.actor(r), in)
	answer(w, r, m, err)
}

func (h *Handler) sendTestMail(w http.ResponseWriter, r *http.Request) {
	var in struct {
		To string `json:"to"`
	}
	if err := decodeOptional(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	err := h.svc.SendTestMail(r.Context(), h.actor(r), in.To, i18n.From(r.Context()))
	answer(w, r, map[string]string{"Message": i18n.T(i18n.From(r.Context()), "admin.testMailSent")}, err)
}

func (h *Handler) plan(w http.ResponseWriter, r *http.Request) {
	p, err := h.svc.Plan(r.Context(), h.actor(r))
	answer(w, r, p, err)
}

func (h *Handler) savePlan(w http.ResponseWriter, r *http.Request) {
	var in SavePlanInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := h.svc.SavePlan(r.Context(), h.actor(r), in)
	answer(w, r, p, err)
}

func (h *Handler) dashboard(w http.ResponseWriter, r *http.Request) {
	d, err := h.svc.Dashboard(r.Context(), h.actor(r))
	answer(w, r, d, err)
}

func (h *Handler) settings(w http.ResponseWriter, r *http.Request) {
	st, err := h.svc.Settings(r.Context(), h.actor(r))
	answer(w, r, st, err)
}

func (h *Handler) saveSettings(w http.ResponseWriter, r *http.Request) {
	var in map[string]json.RawMessage
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	st, err := h.svc.SaveSettings(r.Context(), h.actor(r), in)
	answer(w, r, st, err)
}

// publishTerms takes the PDF as the raw body (Content-Type application/pdf),
// its name in the query (fileName), within the API's body limit.
func (h *Handler) publishTerms(w http.ResponseWriter, r *http.Request) {
	pdf, err := io.ReadAll(r.Body)
	if err != nil {
		httpx.WriteError(w, r, httpx.Fail(http.StatusRequestEntityTooLarge, "admin.termsTooLarge"))
		return
	}
	version, err := h.svc.PublishTerms(r.Context(), h.actor(r), r.URL.Query().Get("fileName"), pdf)
	answer(w, r, map[string]int{"version": version}, err)
}
