package documents

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// Signatures of item files: signFileAttachment records who signed which
// version (its SHA-256 read from the storage) with the Signature Protocol
// rendered from the administrator's template; stamping.go writes them on PDFs.

// SignClient is what the server knows of the signer's connection.
type SignClient struct {
	Address   string
	UserAgent string
}

// PasswordConfirm checks the caller's password once more and answers the
// client's address (internal/auth's ConfirmPassword: the sign-in check,
// failures counted as sign-in failures).
type PasswordConfirm func(r *http.Request, userID int64, password string) (SignClient, error)

// SignInput is the body of signFileAttachment. attachment is the file (an
// id or an object with id, as the spec's client sends it); fileId is
// accepted as well.
type SignInput struct {
	Attachment httpx.ID `json:"attachment"`
	FileID     httpx.ID `json:"fileId"`
	Password   string   `json:"password"`
	Latitude   *float64 `json:"latitude"`
	Longitude  *float64 `json:"longitude"`
}

// StampInput is the body of stampFileAttachment.
type StampInput struct {
	Attachment httpx.ID `json:"attachment"`
	FileID     httpx.ID `json:"fileId"`
}

func (in SignInput) file() int64  { return firstID(in.Attachment, in.FileID) }
func (in StampInput) file() int64 { return firstID(in.Attachment, in.FileID) }

func firstID(a, b httpx.ID) int64 {
	if a != 0 {
		return int64(a)
	}
	return int64(b)
}

// Signature is one signature of a file version.
type Signature struct {
	ID          int64     `json:"id"`
	FileID      int64     `json:"fileId"`
	Version     int       `json:"version"`
	SHA256      string    `json:"sha256"`
	SignerID    int64     `json:"signerId"`
	SignerName  string    `json:"signerName"`
	SignerLogin string    `json:"signerLogin"`
	SignedAt    time.Time `json:"signedAt"`
	Latitude    *float64  `json:"latitude"`
	Longitude   *float64  `json:"longitude"`
	Code        string    `json:"code"`
	// ProtocolURL downloads the Signature Protocol; empty when none was
	// issued (no template then).
	ProtocolURL string `json:"protocolUrl"`
	Mine        bool   `json:"mine"`
}

// FileVersion is an earlier version of a file, kept when a stamp replaced it.
type FileVersion struct {
	Version   int       `json:"version"`
	Size      int64     `json:"size"`
	SHA256    string    `json:"sha256"`
	CreatedAt time.Time `json:"createdAt"`
	URL       string    `json:"url"`
}

// FileSignatures is what the attachments control shows of a file's
// signatures and stamp.
type FileSignatures struct {
	FileID  int64 `json:"fileId"`
	Version int   `json:"version"`
	IsPDF   bool  `json:"isPdf"`
	Stamped bool  `json:"stamped"`
	// StampedAt, StampedBy and StampCode describe the stamp of the current version.
	StampedAt *time.Time `json:"stampedAt"`
	StampedBy string     `json:"stampedBy"`
	StampCode string     `json:"stampCode"`
	// SignedByMe: the caller signed the current version.
	SignedByMe bool `json:"signedByMe"`
	// Signatures of every version, oldest first.
	Signatures []Signature `json:"signatures"`
	// Versions are the earlier versions (the original of a stamped file).
	Versions []FileVersion `json:"versions"`
}

// SignResult is the answer of signFileAttachment.
type SignResult struct {
	Message string `json:"Message"`
	// ProtocolIssued is false when no template is configured: the
	// signature is recorded and Message says the protocol was not issued.
	ProtocolIssued bool            `json:"protocolIssued"`
	Signature      Signature       `json:"signature"`
	File           *FileSignatures `json:"file"`
}

// StampResult is the answer of stampFileAttachment.
type StampResult struct {
	Message string          `json:"Message"`
	Attach  *Attachment     `json:"attachment"`
	File    *FileSignatures `json:"file"`
}

// editableFile finds a readable file of an item the caller may change:
// 404 as every file call for what they cannot read, 403 otherwise.
func (f *Files) editableFile(ctx context.Context, c items.Caller, id int64) (*Attachment, error) {
	if id <= 0 {
		return nil, httpx.Invalid("attachment", "error.idInvalid", "field", "attachment")
	}
	a, err := f.file(ctx, c, id)
	if err != nil {
		return nil, err
	}
	if ok, err := items.CanUpdate(ctx, f.store.db, c, a.ComponentID, a.ItemID); err != nil {
		return nil, err
	} else if !ok {
		return nil, httpx.Fail(http.StatusForbidden, "forms.cannotEdit")
	}
	return a, nil
}

func checkLocation(lat, long *float64) error {
	if lat == nil && long == nil {
		return nil
	}
	if lat == nil || long == nil || math.IsNaN(*lat) || math.IsNaN(*long) ||
		*lat < -90 || *lat > 90 || *long < -180 || *long > 180 {
		return httpx.Invalid("latitude", "files.locationInvalid")
	}
	return nil
}

// readStored reads a file's stored bytes and checks them against the
// recorded SHA-256: a signature or a stamp is only made over the bytes the
// record names.
func (f *Files) readStored(ctx context.Context, key, sum string, limit int64) ([]byte, error) {
	rc, err := f.blobs.Open(ctx, key)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, &httpx.Error{Status: http.StatusNotFound, Key: "files.missing", Cause: fmt.Errorf("%s missing", key)}
	}
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, limit+1))
	if err != nil {
		return nil, err
	}
	got := sha256.Sum256(b)
	if int64(len(b)) > limit || hex.EncodeToString(got[:]) != sum {
		return nil, &httpx.Error{Status: http.StatusConflict, Key: "files.integrity", Cause: fmt.Errorf("%s: stored bytes do not match sha256 %s", key, sum)}
	}
	return b, nil
}

// checkStored checks a file's stored bytes against the recorded SHA-256,
// reading them through the digest (a signature needs no copy in memory,
// whatever the file's size).
func (f *Files) checkStored(ctx context.Context, key, sum string) error {
	rc, err := f.blobs.Open(ctx, key)
	if errors.Is(err, storage.ErrNotFound) {
		return &httpx.Error{Status: http.StatusNotFound, Key: "files.missing", Cause: fmt.Errorf("%s missing", key)}
	}
	if err != nil {
		return err
	}
	defer rc.Close()
	h := sha256.New()
	if _, err := io.Copy(h, rc); err != nil {
		return err
	}
	if hex.EncodeToString(h.Sum(nil)) != sum {
		return &httpx.Error{Status: http.StatusConflict, Key: "files.integrity", Cause: fmt.Errorf("%s: stored bytes do not match sha256 %s", key, sum)}
	}
	return nil
}

// readLimit bounds what is read into memory to sign or stamp: the upload
// limit, with room for a stamp already added.
func (f *Files) readLimit() int64 { return 2*f.limits.MaxSize + 1<<20 }

// newCode is a verification code: 12 characters without look-alikes, in
// groups of four (about 60 bits).
func newCode() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	var sb strings.Builder
	for i, c := range b {
		if i > 0 && i%4 == 0 {
			sb.WriteByte('-')
		}
		sb.WriteByte(alphabet[int(c)%len(alphabet)])
	}
	return sb.String()
}

// Sign answers signFileAttachment. confirm checks the password (called
// only once the caller is known to may sign the file).
func (f *Files) Sign(ctx context.Context, c items.Caller, in SignInput, confirm func(password string) (SignClient, error)) (*SignResult, error) {
	if err := checkLocation(in.Latitude, in.Longitude); err != nil {
		return nil, err
	}
	if in.Password == "" {
		return nil, httpx.Invalid("password", "error.required")
	}
	a, err := f.editableFile(ctx, c, in.file())
	if err != nil {
		return nil, err
	}
	if confirm == nil {
		return nil, httpx.Fail(http.StatusServiceUnavailable, "files.unavailable")
	}
	client, err := confirm(in.Password)
	if err != nil {
		return nil, err
	}
	version, err := f.store.fileVersion(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	if err := f.checkStored(ctx, a.storageKey, a.SHA256); err != nil {
		return nil, err
	}
	now := f.svc.Now().UTC().Truncate(time.Second)
	var sig Signature
	protocolIssued := false
	err = pgx.BeginFunc(ctx, f.store.db, func(tx pgx.Tx) error {
		locked, err := lockFile(ctx, tx, a.ID)
		if err != nil {
			return err
		}
		if locked.version != version || locked.sum != a.SHA256 {
			return &httpx.Error{Status: http.StatusConflict, Key: "files.integrity", Cause: errors.New("file changed while signing")}
		}
		name, login, err := userNames(ctx, tx, c.UserID)
		if err != nil {
			return err
		}
		template, err := protocolTemplate(ctx, tx)
		if err != nil {
			return err
		}
		sig = Signature{FileID: a.ID, Version: version, SHA256: a.SHA256, SignerID: c.UserID, SignerName: name, SignerLogin: login,
			SignedAt: now, Latitude: in.Latitude, Longitude: in.Longitude, Code: newCode(), Mine: true}
		var protocol *string
		if strings.TrimSpace(template) != "" {
			text := renderProtocol(template, protocolValues(a, sig, client, i18n.LangOf(ctx)))
			protocol = &text
			protocolIssued = true
		}
		id, ok, err := insertSignature(ctx, tx, sig, client, protocol)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.Fail(http.StatusConflict, "files.alreadySigned")
		}
		sig.ID = id
		if protocolIssued {
			sig.ProtocolURL = protocolURL(sig.ID)
		}
		return audit.Record(ctx, tx, audit.Event{At: now, UserID: c.UserID, Login: login, Kind: "file.signed", Address: client.Address,
			Detail: map[string]any{"file": a.ID, "item": a.ItemID, "name": a.Name, "version": version, "sha256": a.SHA256,
				"code": sig.Code, "protocol": protocolIssued, "located": in.Latitude != nil}})
	})
	if err != nil {
		return nil, err
	}
	out := &SignResult{ProtocolIssued: protocolIssued, Signature: sig}
	if protocolIssued {
		out.Message = httpxText(ctx, "files.signed", "name", a.Name)
	} else {
		out.Message = httpxText(ctx, "files.protocolNotConfigured")
	}
	if out.File, err = f.signaturesOf(ctx, c, a); err != nil {
		return nil, err
	}
	return out, nil
}

// signaturesOf lists the signatures, stamp and versions of one file.
func (f *Files) signaturesOf(ctx context.Context, c items.Caller, a *Attachment) (*FileSignatures, error) {
	all, err := f.signaturesOfFiles(ctx, c, []*Attachment{a})
	if err != nil {
		return nil, err
	}
	return all[0], nil
}

func (f *Files) signaturesOfFiles(ctx context.Context, c items.Caller, files []*Attachment) ([]*FileSignatures, error) {
	out := make([]*FileSignatures, len(files))
	byID := map[int64]*FileSignatures{}
	ids := make([]int64, len(files))
	for i, a := range files {
		out[i] = &FileSignatures{FileID: a.ID, IsPDF: a.ContentType == "application/pdf", Signatures: []Signature{}, Versions: []FileVersion{}}
		byID[a.ID] = out[i]
		ids[i] = a.ID
	}
	if err := f.store.stampOf(ctx, byID, ids); err != nil {
		return nil, err
	}
	err := f.store.signaturesOf(ctx, ids, func(one Signature, hasProtocol bool) {
		one.SignedAt = one.SignedAt.UTC()
		one.Mine = one.SignerID == c.UserID
		// Where someone signed is theirs and the administrators' to see;
		// other readers see who and when.
		if !one.Mine && !c.PanelAdmin {
			one.Latitude, one.Longitude = nil, nil
		}
		one.ProtocolURL = ""
		if hasProtocol {
			one.ProtocolURL = protocolURL(one.ID)
		}
		fs := byID[one.FileID]
		fs.Signatures = append(fs.Signatures, one)
		if one.Mine && one.Version == fs.Version {
			fs.SignedByMe = true
		}
	})
	if err != nil {
		return nil, err
	}
	err = f.store.versionsOf(ctx, ids, func(id int64, one FileVersion) {
		one.CreatedAt = one.CreatedAt.UTC()
		one.URL = fmt.Sprintf("/api/genericItem/downloadFileVersion?fileId=%d&version=%d", id, one.Version)
		byID[id].Versions = append(byID[id].Versions, one)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// LoadSignatures answers loadFileSignatures: the signatures, stamps and
// earlier versions of every file of a readable item.
func (f *Files) LoadSignatures(ctx context.Context, c items.Caller, itemID, component int64) ([]*FileSignatures, error) {
	it, err := f.itemOf(ctx, c, itemID, component)
	if err != nil {
		return nil, err
	}
	files, err := f.itemFiles(ctx, it)
	if err != nil {
		return nil, err
	}
	return f.signaturesOfFiles(ctx, c, files)
}

// OpenVersion answers downloadFileVersion: an earlier version of a
// readable file (the original of a stamped PDF).
func (f *Files) OpenVersion(ctx context.Context, c items.Caller, fileID, version int64) (*Attachment, io.ReadCloser, error) {
	a, err := f.file(ctx, c, fileID)
	if err != nil {
		return nil, nil, err
	}
	if version <= 0 || version > math.MaxInt32 {
		return nil, nil, httpx.NotFound() // versions are integers (item_file_version.version)
	}
	key, err := f.store.version(ctx, a, version)
	if err != nil {
		return nil, nil, err
	}
	rc, err := f.blobs.Open(ctx, key)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil, &httpx.Error{Status: http.StatusNotFound, Key: "files.missing", Cause: fmt.Errorf("%s missing", key)}
	}
	if err != nil {
		return nil, nil, err
	}
	return a, rc, nil
}

// oneLine keeps a value on its line: control characters (a newline in a
// name) become spaces, so a name cannot add a line of its own to a stamp
// or a protocol ("Assinado digitalmente por …" under the real ones).
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
}
