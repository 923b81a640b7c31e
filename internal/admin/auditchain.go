package admin

import (
	"context"
	"net/http"

	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/i18n"
)

// AuditChain is the answer of GET /api/admin/auditLog/verify: the audit log's
// hash chain checked whole (audit.Verify), the first broken entry named with
// the reason in the caller's language.
type AuditChain struct {
	Valid   bool              `json:"valid"`
	Entries int64             `json:"entries"`
	Head    string            `json:"head"`
	Broken  *AuditChainBroken `json:"firstBroken"`
}

// AuditChainBroken is the first entry where the chain does not hold.
type AuditChainBroken struct {
	audit.Broken
	Message string `json:"message"`
}

// VerifyAuditLog checks the audit log's chain. It reads every entry, so it
// is its own call (the page asks for it), never part of the list.
func (s *Service) VerifyAuditLog(ctx context.Context, a Actor) (AuditChain, error) {
	if err := allow(a); err != nil {
		return AuditChain{}, err
	}
	v, err := audit.Verify(ctx, s.db)
	if err != nil {
		return AuditChain{}, err
	}
	out := AuditChain{Valid: v.Valid, Entries: v.Entries, Head: v.Head}
	if v.Broken != nil {
		out.Broken = &AuditChainBroken{Broken: *v.Broken, Message: i18n.T(i18n.From(ctx), v.Broken.Reason, v.Broken.Args...)}
	}
	return out, nil
}

func (h *Handler) verifyAuditLog(w http.ResponseWriter, r *http.Request) {
	out, err := h.svc.VerifyAuditLog(r.Context(), h.actor(r))
	answer(w, r, out, err)
}
