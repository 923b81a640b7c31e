package documents

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/admin/planlimit"
	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// Signatures and stamps of item files (docs/items.md, "Signatures and
// stamps"): signFileAttachment records who signed which version of a file
// (its SHA-256 read from the storage), with the Signature Protocol rendered
// from the administrator's template; stampFileAttachment writes the
// signatures on a PDF as a visible stamp, as a new version of the file.

// ProtocolTemplateSetting is the platform setting holding the Signature
// Protocol's template (empty: not configured).
const ProtocolTemplateSetting = "signatureProtocolTemplate"

// maxStampSigners is how many signers a stamp names one per line; the rest
// are counted.
const maxStampSigners = 6

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
	if ok, err := items.CanUpdate(ctx, f.db, c, a.ComponentID, a.ItemID); err != nil {
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
	rc, err := f.store.Open(ctx, key)
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
	rc, err := f.store.Open(ctx, key)
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
	var version int
	if err := f.db.QueryRow(ctx, `SELECT version FROM item_file WHERE id = $1`, a.ID).Scan(&version); err != nil {
		return nil, fmt.Errorf("file version: %w", err)
	}
	if err := f.checkStored(ctx, a.storageKey, a.SHA256); err != nil {
		return nil, err
	}
	now := f.svc.Now().UTC().Truncate(time.Second)
	var sig Signature
	protocolIssued := false
	err = pgx.BeginFunc(ctx, f.db, func(tx pgx.Tx) error {
		var lockedVersion int
		var lockedSum string
		if err := tx.QueryRow(ctx, `SELECT version, sha256 FROM item_file WHERE id = $1 FOR UPDATE`, a.ID).Scan(&lockedVersion, &lockedSum); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return httpx.NotFound()
			}
			return fmt.Errorf("lock file: %w", err)
		}
		if lockedVersion != version || lockedSum != a.SHA256 {
			return &httpx.Error{Status: http.StatusConflict, Key: "files.integrity", Cause: errors.New("file changed while signing")}
		}
		var name, login string
		if err := tx.QueryRow(ctx, `SELECT name, login FROM app_user WHERE id = $1`, c.UserID).Scan(&name, &login); err != nil {
			return fmt.Errorf("signer: %w", err)
		}
		var template string
		if err := tx.QueryRow(ctx, `SELECT coalesce((SELECT value #>> '{}' FROM platform_setting WHERE key = $1), '')`,
			ProtocolTemplateSetting).Scan(&template); err != nil {
			return fmt.Errorf("protocol template: %w", err)
		}
		sig = Signature{FileID: a.ID, Version: version, SHA256: a.SHA256, SignerID: c.UserID, SignerName: name, SignerLogin: login,
			SignedAt: now, Latitude: in.Latitude, Longitude: in.Longitude, Code: newCode(), Mine: true}
		var protocol *string
		if strings.TrimSpace(template) != "" {
			text := renderProtocol(template, protocolValues(a, sig, client, langOf(ctx)))
			protocol = &text
			protocolIssued = true
		}
		err := tx.QueryRow(ctx, `INSERT INTO item_file_signature (file_id, version, sha256, signer_id, signer_name, signer_login, signed_at,
				latitude, longitude, client_address, user_agent, code, protocol)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
			ON CONFLICT ON CONSTRAINT item_file_signature_once DO NOTHING RETURNING id`,
			a.ID, version, a.SHA256, c.UserID, name, login, now, in.Latitude, in.Longitude, client.Address, client.UserAgent, sig.Code, protocol).Scan(&sig.ID)
		if errors.Is(err, pgx.ErrNoRows) {
			return httpx.Fail(http.StatusConflict, "files.alreadySigned")
		}
		if err != nil {
			return fmt.Errorf("insert signature: %w", err)
		}
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

func protocolURL(id int64) string {
	return "/api/genericItem/downloadSignatureProtocol?signatureId=" + strconv.FormatInt(id, 10)
}

// protocolValues are the template's placeholders, by their pt-BR and en names.
func protocolValues(a *Attachment, s Signature, client SignClient, lang string) map[string]string {
	location := "-"
	if s.Latitude != nil && s.Longitude != nil {
		location = strconv.FormatFloat(*s.Latitude, 'f', 6, 64) + ", " + strconv.FormatFloat(*s.Longitude, 'f', 6, 64)
	}
	date := s.SignedAt.Format("02/01/2006 15:04:05") + " UTC"
	if lang == "en" {
		date = s.SignedAt.Format("2006-01-02 15:04:05") + " UTC"
	}
	v := map[string]string{
		"arquivo": oneLine(a.Name), "versao": strconv.Itoa(s.Version), "hash": s.SHA256, "item": strconv.FormatInt(a.ItemID, 10),
		"signatario": oneLine(s.SignerName), "login": oneLine(s.SignerLogin), "data": date, "codigo": s.Code, "local": location,
		"endereco": oneLine(client.Address),
	}
	for pt, en := range map[string]string{"arquivo": "file", "versao": "version", "signatario": "signer", "data": "date",
		"codigo": "code", "local": "location", "endereco": "address"} {
		v[en] = v[pt]
	}
	return v
}

// renderProtocol fills {name} placeholders; unknown ones stay as written.
func renderProtocol(template string, values map[string]string) string {
	var sb strings.Builder
	rest := eachPlaceholder(template, func(text, name, written string) {
		sb.WriteString(text)
		if v, ok := values[name]; ok {
			sb.WriteString(v)
		} else {
			sb.WriteString(written)
		}
	})
	sb.WriteString(rest)
	return sb.String()
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
	db := f.db
	rows, err := db.Query(ctx, `SELECT f.id, f.version, f.stamped_at, coalesce(u.name, ''), coalesce(f.stamp_code, '')
		FROM item_file f LEFT JOIN app_user u ON u.id = f.stamped_by WHERE f.id = ANY($1)`, ids)
	if err != nil {
		return nil, fmt.Errorf("file stamps: %w", err)
	}
	var id int64
	var version int
	var stampedAt *time.Time
	var stampedBy, stampCode string
	if _, err := pgx.ForEachRow(rows, []any{&id, &version, &stampedAt, &stampedBy, &stampCode}, func() error {
		fs := byID[id]
		fs.Version, fs.StampedBy, fs.StampCode = version, stampedBy, stampCode
		if stampedAt != nil {
			t := stampedAt.UTC()
			fs.StampedAt, fs.Stamped = &t, true
		}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("file stamps: %w", err)
	}
	rows, err = db.Query(ctx, `SELECT id, file_id, version, sha256, coalesce(signer_id, 0), signer_name, signer_login, signed_at,
			latitude, longitude, code, protocol IS NOT NULL
		FROM item_file_signature WHERE file_id = ANY($1) ORDER BY id`, ids)
	if err != nil {
		return nil, fmt.Errorf("signatures: %w", err)
	}
	var s Signature
	var hasProtocol bool
	if _, err := pgx.ForEachRow(rows, []any{&s.ID, &s.FileID, &s.Version, &s.SHA256, &s.SignerID, &s.SignerName, &s.SignerLogin,
		&s.SignedAt, &s.Latitude, &s.Longitude, &s.Code, &hasProtocol}, func() error {
		one := s
		one.SignedAt = one.SignedAt.UTC()
		one.Mine = one.SignerID == c.UserID
		// Where someone signed is theirs and the administrators' to see
		// (docs/items.md); other readers see who and when.
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
		s.Latitude, s.Longitude = nil, nil
		return nil
	}); err != nil {
		return nil, fmt.Errorf("signatures: %w", err)
	}
	rows, err = db.Query(ctx, `SELECT file_id, version, size, sha256, created_at FROM item_file_version
		WHERE file_id = ANY($1) ORDER BY file_id, version`, ids)
	if err != nil {
		return nil, fmt.Errorf("file versions: %w", err)
	}
	var v FileVersion
	if _, err := pgx.ForEachRow(rows, []any{&id, &v.Version, &v.Size, &v.SHA256, &v.CreatedAt}, func() error {
		one := v
		one.CreatedAt = one.CreatedAt.UTC()
		one.URL = fmt.Sprintf("/api/genericItem/downloadFileVersion?fileId=%d&version=%d", id, one.Version)
		byID[id].Versions = append(byID[id].Versions, one)
		return nil
	}); err != nil {
		return nil, fmt.Errorf("file versions: %w", err)
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

// Stamp answers stampFileAttachment: the signatures of the file's current
// version written on every page of the PDF, as a new version; the
// replaced one is kept (downloadFileVersion).
// client is the caller's connection, for the audit event.
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
		return nil, &httpx.Error{Status: http.StatusRequestEntityTooLarge, Key: "files.tooLarge", Args: []any{"name", a.Name, "max", humanSize(f.readLimit())}}
	}
	original, err := f.readStored(ctx, a.storageKey, a.SHA256, f.readLimit())
	if err != nil {
		return nil, err
	}
	code := newCode()
	stamped, err := stampPDFBounded(ctx, original, stampLines(langOf(ctx), current, info.Version, a.SHA256, code))
	if err != nil {
		return nil, err
	}
	now := f.svc.Now().UTC()
	key := storage.NewKey("items", now)
	sum := sha256.Sum256(stamped)
	size, err := f.store.Put(ctx, key, bytes.NewReader(stamped), int64(len(stamped)))
	if err != nil {
		return nil, readError(err)
	}
	var version int
	err = pgx.BeginFunc(ctx, f.db, func(tx pgx.Tx) error {
		if _, err := items.ReadItem(ctx, tx, c, a.ComponentID, a.ItemID, true); err != nil {
			return err
		}
		var lockedVersion int
		var lockedSum string
		var stampedAt *time.Time
		if err := tx.QueryRow(ctx, `SELECT version, sha256, stamped_at FROM item_file WHERE id = $1 FOR UPDATE`, a.ID).Scan(&lockedVersion, &lockedSum, &stampedAt); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return httpx.NotFound()
			}
			return fmt.Errorf("lock file: %w", err)
		}
		if stampedAt != nil {
			return httpx.Invalid("attachment", "files.stampRefused")
		}
		if lockedVersion != info.Version || lockedSum != a.SHA256 {
			return &httpx.Error{Status: http.StatusConflict, Key: "files.integrity", Cause: errors.New("file changed while stamping")}
		}
		// The replaced version is kept (item_file_version, counted by
		// planlimit): the new version's bytes are all added.
		if err := planlimit.CheckStorage(ctx, tx, size); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO item_file_version (file_id, version, content_type, size, sha256, storage_key, created_by, created_at)
			SELECT id, version, content_type, size, sha256, storage_key, uploaded_by, uploaded_at FROM item_file WHERE id = $1`, a.ID); err != nil {
			return fmt.Errorf("keep version: %w", err)
		}
		if err := tx.QueryRow(ctx, `UPDATE item_file SET version = version + 1, storage_key = $2, sha256 = $3, size = $4,
				stamped_at = $5, stamped_by = $6, stamp_code = $7 WHERE id = $1 RETURNING version`,
			a.ID, key, hex.EncodeToString(sum[:]), size, now, c.UserID, code).Scan(&version); err != nil {
			return fmt.Errorf("stamp file: %w", err)
		}
		var login string
		if err := tx.QueryRow(ctx, `SELECT login FROM app_user WHERE id = $1`, c.UserID).Scan(&login); err != nil {
			return fmt.Errorf("stamper: %w", err)
		}
		return audit.Record(ctx, tx, audit.Event{At: now, UserID: c.UserID, Login: login, Kind: "file.stamped", Address: client.Address,
			Detail: map[string]any{"file": a.ID, "item": a.ItemID, "name": a.Name, "version": version, "signedVersion": info.Version,
				"signedSha256": a.SHA256, "sha256": hex.EncodeToString(sum[:]), "code": code, "signatures": len(current)}})
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

// stampSafe keeps a stamp line one line for pdfcpu, which also breaks a
// line at a backslash followed by n.
func stampSafe(s string) string { return strings.ReplaceAll(oneLine(s), `\n`, `\ n`) }

// Protocol answers downloadSignatureProtocol: the Signature Protocol of a
// signature of a readable file, as a PDF.
func (f *Files) Protocol(ctx context.Context, c items.Caller, signatureID int64) (name string, pdf []byte, err error) {
	if signatureID <= 0 {
		return "", nil, httpx.Invalid("signatureId", "error.idInvalid", "field", "signatureId")
	}
	var fileID int64
	var protocol *string
	var code string
	err = f.db.QueryRow(ctx, `SELECT file_id, protocol, code FROM item_file_signature WHERE id = $1`, signatureID).Scan(&fileID, &protocol, &code)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil, httpx.NotFound()
	}
	if err != nil {
		return "", nil, fmt.Errorf("signature: %w", err)
	}
	if _, err := f.file(ctx, c, fileID); err != nil {
		return "", nil, err
	}
	if protocol == nil {
		return "", nil, httpx.Fail(http.StatusNotFound, "files.noProtocol")
	}
	title := httpxText(ctx, "files.protocolTitle")
	return title + " " + code + ".pdf", protocolPDF(title, *protocol), nil
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
	var key string
	err = f.db.QueryRow(ctx, `SELECT storage_key, content_type, size, sha256 FROM item_file_version WHERE file_id = $1 AND version = $2`,
		a.ID, version).Scan(&key, &a.ContentType, &a.Size, &a.SHA256)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, httpx.NotFound()
	}
	if err != nil {
		return nil, nil, fmt.Errorf("file version: %w", err)
	}
	rc, err := f.store.Open(ctx, key)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil, &httpx.Error{Status: http.StatusNotFound, Key: "files.missing", Cause: fmt.Errorf("%s missing", key)}
	}
	if err != nil {
		return nil, nil, err
	}
	return a, rc, nil
}

// versionKeys are the stored bytes of a file's earlier versions, removed
// with the file (DeleteAttachment).
func versionKeys(ctx context.Context, q items.Querier, fileID int64) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT storage_key FROM item_file_version WHERE file_id = $1`, fileID)
	if err != nil {
		return nil, fmt.Errorf("file versions: %w", err)
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("file versions: %w", err)
	}
	return keys, nil
}
