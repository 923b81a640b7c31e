package documents

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/admin/planlimit"
	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// maxStampSigners is how many signers a stamp names one per line; the rest
// are counted.
const maxStampSigners = 6

// Stamp answers stampFileAttachment: the signatures of the file's current
// version written on every page of its PDF as a new version, the replaced one
// kept (downloadFileVersion). client is the caller's, for the audit event.
func (f *Files) Stamp(ctx context.Context, c items.Caller, in StampInput, client SignClient) (*StampResult, error) {
	a, err := f.editableFile(ctx, c, in.file())
	if err != nil {
		return nil, err
	}
	info, err := f.signaturesOf(ctx, c, a)
	if err != nil {
		return nil, err
	}
	if info.Stamped || !info.IsPDF {
		return nil, httpx.Invalid("attachment", "files.stampRefused")
	}
	var current []Signature
	for _, s := range info.Signatures {
		if s.Version == info.Version {
			current = append(current, s)
		}
	}
	if len(current) == 0 {
		return nil, httpx.Invalid("attachment", "files.stampNeedsSignature")
	}
	// A file stored under a larger upload limit than today's is not read
	// into memory to stamp (413 as an upload over the limit), rather than
	// read up to the bound and refused as changed.
	if a.Size > f.readLimit() {
		return nil, &httpx.Error{Status: http.StatusRequestEntityTooLarge, Key: "files.tooLarge", Args: []any{"name", a.Name, "max", httpx.HumanSize(f.readLimit())}}
	}
	original, err := f.readStored(ctx, a.storageKey, a.SHA256, f.readLimit())
	if err != nil {
		return nil, err
	}
	code := newCode()
	stamped, err := stampPDFBounded(ctx, original, stampLines(i18n.LangOf(ctx), current, info.Version, a.SHA256, code))
	if err != nil {
		return nil, err
	}
	now := f.svc.Now().UTC()
	key := storage.NewKey("items", now)
	sum := sha256.Sum256(stamped)
	size, err := f.blobs.Put(ctx, key, bytes.NewReader(stamped), int64(len(stamped)))
	if err != nil {
		return nil, storeError(err)
	}
	var version int
	st := stampVersion{key: key, sum: hex.EncodeToString(sum[:]), code: code, size: size, at: now, by: c.UserID}
	err = pgx.BeginFunc(ctx, f.store.db, func(tx pgx.Tx) error {
		if _, err := items.ReadItem(ctx, tx, c, a.ComponentID, a.ItemID, true); err != nil {
			return err
		}
		locked, err := lockFile(ctx, tx, a.ID)
		if err != nil {
			return err
		}
		if locked.stampedAt != nil {
			return httpx.Invalid("attachment", "files.stampRefused")
		}
		if locked.version != info.Version || locked.sum != a.SHA256 {
			return &httpx.Error{Status: http.StatusConflict, Key: "files.integrity", Cause: errors.New("file changed while stamping")}
		}
		// The replaced version is kept (item_file_version, counted by
		// planlimit): the new version's bytes are all added.
		if err := planlimit.CheckStorage(ctx, tx, size); err != nil {
			return err
		}
		if err := keepVersion(ctx, tx, a.ID); err != nil {
			return err
		}
		if version, err = stampFile(ctx, tx, a.ID, st); err != nil {
			return err
		}
		_, login, err := userNames(ctx, tx, c.UserID)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Event{At: now, UserID: c.UserID, Login: login, Kind: "file.stamped", Address: client.Address,
			Detail: map[string]any{"file": a.ID, "item": a.ItemID, "name": a.Name, "version": version, "signedVersion": info.Version,
				"signedSha256": a.SHA256, "sha256": st.sum, "code": code, "signatures": len(current)}})
	})
	if err != nil {
		f.removeBlobs(ctx, key)
		return nil, err
	}
	out := &StampResult{Message: httpxText(ctx, "files.stamped", "version", version)}
	if out.Attach, err = f.file(ctx, c, a.ID); err != nil {
		return nil, err
	}
	if out.File, err = f.signaturesOf(ctx, c, out.Attach); err != nil {
		return nil, err
	}
	return out, nil
}

// stampLines are the stamp's text: one line per signer of the version
// (up to maxStampSigners, then a count), then the verification code and
// the signed version's SHA-256.
func stampLines(lang string, sigs []Signature, version int, sum, code string) []string {
	var lines []string
	for i, s := range sigs {
		if i == maxStampSigners {
			lines = append(lines, i18nT(lang, "files.stampMore", "count", len(sigs)-maxStampSigners))
			break
		}
		date := s.SignedAt.UTC().Format("02/01/2006 15:04")
		if lang == "en" {
			date = s.SignedAt.UTC().Format("2006-01-02 15:04")
		}
		lines = append(lines, stampSafe(i18nT(lang, "files.stampSigner", "name", oneLine(s.SignerName), "date", date)))
	}
	return append(lines, i18nT(lang, "files.stampCode", "code", code, "version", version, "hash", sum))
}

// stampSafe keeps a stamp line one line for pdfcpu, which also breaks a
// line at a backslash followed by n.
func stampSafe(s string) string { return strings.ReplaceAll(oneLine(s), `\n`, `\ n`) }
