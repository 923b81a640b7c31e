package documents

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/admin/planlimit"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// upload is one file being received.
type upload struct {
	name, contentType, key, sum string
	size                        int64
}

// UploadTarget is what uploadFiles attaches to: the fields sent before the
// files (or in the address).
type UploadTarget struct {
	ItemID      int64
	ComponentID int64
	// Kind is attachment (the default) or content (the item's one file).
	Kind string
}

// uploadSession receives the files of one uploadFiles call: each is
// checked and stored as it arrives; Commit writes the rows, Abort removes
// what was stored.
type uploadSession struct {
	f      *Files
	c      items.Caller
	item   *items.Item
	kind   string
	have   int
	stored []upload
	plan   planRoom
}

// begin checks the target: a readable item the caller may change, and room
// for one more attachment.
func (f *Files) begin(ctx context.Context, c items.Caller, in UploadTarget) (*uploadSession, error) {
	switch in.Kind {
	case "":
		in.Kind = "attachment"
	case "attachment", "content":
	default:
		return nil, httpx.Invalid("kind", "files.kindInvalid")
	}
	it, err := f.itemOf(ctx, c, in.ItemID, in.ComponentID)
	if err != nil {
		return nil, err
	}
	if ok, err := items.CanUpdate(ctx, f.store.db, c, it.ComponentID, it.ID); err != nil {
		return nil, err
	} else if !ok {
		return nil, httpx.Fail(http.StatusForbidden, "forms.cannotEdit")
	}
	s := &uploadSession{f: f, c: c, item: it, kind: in.Kind}
	if err := s.readPlanRoom(ctx); err != nil {
		return nil, err
	}
	if in.Kind == "attachment" {
		if s.have, err = attachmentCount(ctx, f.store.db, it.ID); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// add checks and stores one file: its name and its first bytes must agree
// on an accepted type ('Arquivo Inválido'), and it must fit the limits.
func (s *uploadSession) add(ctx context.Context, name string, r io.Reader) error {
	if s.kind == "content" && len(s.stored) == 1 {
		return httpx.Invalid("files", "files.oneContent")
	}
	if s.kind == "attachment" && s.have+len(s.stored)+1 > s.f.limits.MaxCount {
		return httpx.Invalid("files", "files.tooMany", "qtd", s.f.limits.MaxCount)
	}
	clean := storage.CleanName(name)
	head := make([]byte, storage.SniffLen)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return storeError(err)
	}
	head = head[:n]
	ct, ok := storage.Sniff(clean, head)
	if clean == "" || !ok {
		return invalidFile(clean)
	}
	limit, byPlan := s.sizeLimit()
	if byPlan && limit <= 0 {
		return planlimit.StorageError(*s.plan.limit)
	}
	key := storage.NewKey("items", s.f.svc.Now())
	sum := sha256.New()
	size, err := s.f.blobs.Put(ctx, key, io.TeeReader(io.MultiReader(bytes.NewReader(head), r), sum), limit)
	if errors.Is(err, storage.ErrTooLarge) && byPlan {
		return planlimit.StorageError(*s.plan.limit)
	}
	if errors.Is(err, storage.ErrTooLarge) {
		return &httpx.Error{Status: http.StatusRequestEntityTooLarge, Key: "files.tooLarge", Args: []any{"name", clean, "max", httpx.HumanSize(s.f.limits.MaxSize)}}
	}
	if err != nil {
		return storeError(err)
	}
	s.stored = append(s.stored, upload{name: clean, contentType: ct, key: key, sum: hex.EncodeToString(sum.Sum(nil)), size: size})
	return nil
}

// commit writes the rows and the flags in one transaction, with the item
// locked so two uploads cannot pass the count limit together. A replaced
// content's bytes are removed after the commit.
func (s *uploadSession) commit(ctx context.Context) ([]Attachment, error) {
	if len(s.stored) == 0 {
		return nil, httpx.Invalid("files", "files.none")
	}
	var old []string
	var ids []int64
	err := pgx.BeginFunc(ctx, s.f.store.db, func(tx pgx.Tx) error {
		if _, err := items.ReadItem(ctx, tx, s.c, s.item.ComponentID, s.item.ID, true); err != nil {
			return err
		}
		if ok, err := items.CanUpdate(ctx, tx, s.c, s.item.ComponentID, s.item.ID); err != nil {
			return err
		} else if !ok {
			return httpx.Fail(http.StatusForbidden, "forms.cannotEdit")
		}
		if s.kind == "attachment" {
			have, err := attachmentCount(ctx, tx, s.item.ID)
			if err != nil {
				return err
			}
			if have+len(s.stored) > s.f.limits.MaxCount {
				return httpx.Invalid("files", "files.tooMany", "qtd", s.f.limits.MaxCount)
			}
		} else {
			// The replaced content's earlier versions (a stamp's original) go too.
			var err error
			if old, err = dropContent(ctx, tx, s.item.ID); err != nil {
				return err
			}
		}
		if err := s.checkPlan(ctx, tx); err != nil {
			return err
		}
		for _, u := range s.stored {
			id, err := insertFile(ctx, tx, s.item.ID, s.kind, u, s.c.UserID)
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return syncFileFlags(ctx, tx, s.item.ID)
	})
	if err != nil {
		return nil, err
	}
	s.stored = nil
	s.f.removeBlobs(ctx, old...)
	out := make([]Attachment, 0, len(ids))
	for _, id := range ids {
		a, err := s.f.file(ctx, s.c, id)
		if err != nil {
			return nil, err
		}
		out = append(out, *a)
	}
	return out, nil
}

// abort removes every file stored by the session (nothing half-written).
func (s *uploadSession) abort(ctx context.Context) {
	for _, u := range s.stored {
		s.f.removeBlobs(ctx, u.key)
	}
	s.stored = nil
}

// planRoom is the contracted plan's storage limit as an upload sees it:
// limit nil is unlimited; left is what the plan let store when it began.
type planRoom struct {
	limit *int64
	left  int64
}

// readPlanRoom reads the room left; an upload with none is refused before
// any byte is stored.
func (s *uploadSession) readPlanRoom(ctx context.Context) error {
	limit, left, err := planlimit.StorageRoom(ctx, s.f.store.db)
	if err != nil {
		return err
	}
	s.plan = planRoom{limit: limit, left: left}
	if limit != nil && left <= 0 {
		return planlimit.StorageError(*limit)
	}
	return nil
}

// sizeLimit is the most the next file may hold: the file limit, or less
// when the plan has less room left (byPlan), so a file that cannot fit is
// not received whole before being refused.
func (s *uploadSession) sizeLimit() (limit int64, byPlan bool) {
	if s.plan.limit == nil {
		return s.f.limits.MaxSize, false
	}
	left := s.plan.left
	for _, u := range s.stored {
		left -= u.size
	}
	if left < s.f.limits.MaxSize {
		return left, true
	}
	return s.f.limits.MaxSize, false
}

// checkPlan is the deciding check, in the transaction that writes the
// rows: the plan row is locked, so concurrent uploads cannot both take the
// last room (planlimit.CheckStorage).
func (s *uploadSession) checkPlan(ctx context.Context, tx pgx.Tx) error {
	var adding int64
	for _, u := range s.stored {
		adding += u.size
	}
	return planlimit.CheckStorage(ctx, tx, adding)
}

func invalidFile(name string) error {
	if name == "" {
		return httpx.Invalid("files", "files.invalid")
	}
	return &httpx.Error{Status: http.StatusBadRequest, Key: "files.invalid",
		Validations: []httpx.FieldError{{Field: "files", Key: "files.invalidNamed", Args: []any{"name", name}}}}
}

// storeError answers a failed store of a file: a full storage is 507, a
// broken or oversized upload as httpx answers it.
func storeError(err error) error {
	if errors.Is(err, storage.ErrNoSpace) {
		return &httpx.Error{Status: http.StatusInsufficientStorage, Key: "storage.noSpace", Cause: err}
	}
	return httpx.ReadError(err)
}
