package documents

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// Store is documents' SQL over its own tables: item_file, item_file_version,
// item_file_signature and file_link_key. It checks no right, as the service
// has read the item through the core first.
type Store struct {
	db *pgxpool.Pool
}

// NewStore returns the store over db.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// attachmentColumns read item_file f with its uploader u; the item's type
// comes from the item, read through the core.
const attachmentColumns = `f.id, f.item_id, f.kind, f.name, f.content_type, f.size, f.sha256,
	coalesce(u.name, ''), f.uploaded_at, f.storage_key`

func scanAttachment(row pgx.Row) (*Attachment, error) {
	var a Attachment
	if err := row.Scan(&a.ID, &a.ItemID, &a.Kind, &a.Name, &a.ContentType, &a.Size, &a.SHA256,
		&a.UploadedBy, &a.UploadedAt, &a.storageKey); err != nil {
		return nil, err
	}
	a.finish()
	return &a, nil
}

// file reads file id; a missing one is not found.
func (s *Store) file(ctx context.Context, id int64) (*Attachment, error) {
	a, err := scanAttachment(s.db.QueryRow(ctx, `SELECT `+attachmentColumns+`
		FROM item_file f LEFT JOIN app_user u ON u.id = f.uploaded_by WHERE f.id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("file %d: %w", id, err)
	}
	return a, nil
}

// itemFiles lists the files of item, oldest first.
func (s *Store) itemFiles(ctx context.Context, item int64) ([]*Attachment, error) {
	rows, err := s.db.Query(ctx, `SELECT `+attachmentColumns+`
		FROM item_file f LEFT JOIN app_user u ON u.id = f.uploaded_by
		WHERE f.item_id = $1 ORDER BY f.id`, item)
	if err != nil {
		return nil, fmt.Errorf("files: %w", err)
	}
	defer rows.Close()
	var out []*Attachment
	for rows.Next() {
		a, err := scanAttachment(rows)
		if err != nil {
			return nil, fmt.Errorf("files: %w", err)
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("files: %w", err)
	}
	return out, nil
}

// attachmentCount counts the attachments of item (not its content).
func attachmentCount(ctx context.Context, q items.Querier, item int64) (int, error) {
	var n int
	if err := q.QueryRow(ctx, `SELECT count(*) FROM item_file WHERE item_id = $1 AND kind = 'attachment'`, item).Scan(&n); err != nil {
		return 0, fmt.Errorf("attachment count: %w", err)
	}
	return n, nil
}

// syncFileFlags makes HasAttachment and HasDigitalContent of the list say
// what item_file holds; the core writes its columns.
func syncFileFlags(ctx context.Context, tx pgx.Tx, item int64) error {
	var attachment, content bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM item_file WHERE item_id = $1 AND kind = 'attachment'),
		EXISTS (SELECT 1 FROM item_file WHERE item_id = $1 AND kind = 'content')`, item).Scan(&attachment, &content); err != nil {
		return fmt.Errorf("file flags: %w", err)
	}
	return items.SetFileFlags(ctx, tx, item, attachment, content)
}

// insertFile records an uploaded file of item.
func insertFile(ctx context.Context, tx pgx.Tx, item int64, kind string, u upload, by int64) (int64, error) {
	var id int64
	if err := tx.QueryRow(ctx, `INSERT INTO item_file (item_id, kind, name, content_type, size, sha256, storage_key, uploaded_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
		item, kind, u.name, u.contentType, u.size, u.sum, u.key, by).Scan(&id); err != nil {
		return 0, fmt.Errorf("insert file: %w", err)
	}
	return id, nil
}

// dropContent deletes item's digital content and answers the stored bytes
// it and its earlier versions (a stamp's original) leave behind.
func dropContent(ctx context.Context, tx pgx.Tx, item int64) ([]string, error) {
	rows, err := tx.Query(ctx, `WITH gone AS (DELETE FROM item_file WHERE item_id = $1 AND kind = 'content' RETURNING id, storage_key)
		SELECT storage_key FROM gone UNION ALL SELECT storage_key FROM item_file_version WHERE file_id IN (SELECT id FROM gone)`, item)
	if err != nil {
		return nil, fmt.Errorf("replace content: %w", err)
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("replace content: %w", err)
	}
	return keys, nil
}

// deleteFile deletes file id (its signatures and versions go with it).
func deleteFile(ctx context.Context, tx pgx.Tx, id int64) error {
	if _, err := tx.Exec(ctx, `DELETE FROM item_file WHERE id = $1`, id); err != nil {
		return fmt.Errorf("delete file: %w", err)
	}
	return nil
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

// linkKey answers the key of file_link_key, storing fresh when there is
// none yet (the first of concurrent starts wins).
func (s *Store) linkKey(ctx context.Context, fresh []byte) ([]byte, error) {
	var key []byte
	if err := s.db.QueryRow(ctx, `WITH made AS (INSERT INTO file_link_key (key) VALUES ($1) ON CONFLICT (id) DO NOTHING RETURNING key)
		SELECT key FROM made UNION ALL SELECT key FROM file_link_key WHERE NOT EXISTS (SELECT 1 FROM made)`, fresh).Scan(&key); err != nil {
		return nil, fmt.Errorf("file link key: %w", err)
	}
	return key, nil
}

// activeUser answers whether user is active and a panel administrator.
func (s *Store) activeUser(ctx context.Context, user int64) (active, panelAdmin bool) {
	err := s.db.QueryRow(ctx, `SELECT panel_admin FROM app_user WHERE id = $1 AND active`, user).Scan(&panelAdmin)
	return err == nil, panelAdmin
}

// fileVersion is the current version of file id.
func (s *Store) fileVersion(ctx context.Context, id int64) (int, error) {
	var version int
	if err := s.db.QueryRow(ctx, `SELECT version FROM item_file WHERE id = $1`, id).Scan(&version); err != nil {
		return 0, fmt.Errorf("file version: %w", err)
	}
	return version, nil
}

// lockedFile is a file's row as a signature or a stamp locked it.
type lockedFile struct {
	version   int
	sum       string
	stampedAt *time.Time
}

// lockFile takes file id's row for the transaction; a file gone meanwhile
// is not found.
func lockFile(ctx context.Context, tx pgx.Tx, id int64) (*lockedFile, error) {
	var l lockedFile
	if err := tx.QueryRow(ctx, `SELECT version, sha256, stamped_at FROM item_file WHERE id = $1 FOR UPDATE`, id).Scan(&l.version, &l.sum, &l.stampedAt); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, httpx.NotFound()
		}
		return nil, fmt.Errorf("lock file: %w", err)
	}
	return &l, nil
}

// userNames answers a user's name and login, as a signature records them.
func userNames(ctx context.Context, tx pgx.Tx, user int64) (name, login string, err error) {
	if err := tx.QueryRow(ctx, `SELECT name, login FROM app_user WHERE id = $1`, user).Scan(&name, &login); err != nil {
		return "", "", fmt.Errorf("user %d: %w", user, err)
	}
	return name, login, nil
}

// protocolTemplate is the platform's Signature Protocol template ("" when
// not configured).
func protocolTemplate(ctx context.Context, tx pgx.Tx) (string, error) {
	var template string
	if err := tx.QueryRow(ctx, `SELECT coalesce((SELECT value #>> '{}' FROM platform_setting WHERE key = $1), '')`,
		ProtocolTemplateSetting).Scan(&template); err != nil {
		return "", fmt.Errorf("protocol template: %w", err)
	}
	return template, nil
}

// insertSignature records sig, with its rendered protocol (nil: none) and
// the signer's connection; a second signature of the same version by the
// same user records nothing and answers ok false.
func insertSignature(ctx context.Context, tx pgx.Tx, sig Signature, client SignClient, protocol *string) (id int64, ok bool, err error) {
	err = tx.QueryRow(ctx, `INSERT INTO item_file_signature (file_id, version, sha256, signer_id, signer_name, signer_login, signed_at,
			latitude, longitude, client_address, user_agent, code, protocol)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
		ON CONFLICT ON CONSTRAINT item_file_signature_once DO NOTHING RETURNING id`,
		sig.FileID, sig.Version, sig.SHA256, sig.SignerID, sig.SignerName, sig.SignerLogin, sig.SignedAt, sig.Latitude, sig.Longitude,
		client.Address, client.UserAgent, sig.Code, protocol).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("insert signature: %w", err)
	}
	return id, true, nil
}

// stampOf fills the stamp and version of each file of byID.
func (s *Store) stampOf(ctx context.Context, byID map[int64]*FileSignatures, ids []int64) error {
	rows, err := s.db.Query(ctx, `SELECT f.id, f.version, f.stamped_at, coalesce(u.name, ''), coalesce(f.stamp_code, '')
		FROM item_file f LEFT JOIN app_user u ON u.id = f.stamped_by WHERE f.id = ANY($1)`, ids)
	if err != nil {
		return fmt.Errorf("file stamps: %w", err)
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
		return fmt.Errorf("file stamps: %w", err)
	}
	return nil
}

// signaturesOf calls each with the signatures of files ids, oldest first;
// hasProtocol says whether a protocol was issued.
func (s *Store) signaturesOf(ctx context.Context, ids []int64, each func(sig Signature, hasProtocol bool)) error {
	rows, err := s.db.Query(ctx, `SELECT id, file_id, version, sha256, coalesce(signer_id, 0), signer_name, signer_login, signed_at,
			latitude, longitude, code, protocol IS NOT NULL
		FROM item_file_signature WHERE file_id = ANY($1) ORDER BY id`, ids)
	if err != nil {
		return fmt.Errorf("signatures: %w", err)
	}
	var sig Signature
	var hasProtocol bool
	if _, err := pgx.ForEachRow(rows, []any{&sig.ID, &sig.FileID, &sig.Version, &sig.SHA256, &sig.SignerID, &sig.SignerName, &sig.SignerLogin,
		&sig.SignedAt, &sig.Latitude, &sig.Longitude, &sig.Code, &hasProtocol}, func() error {
		each(sig, hasProtocol)
		sig.Latitude, sig.Longitude = nil, nil
		return nil
	}); err != nil {
		return fmt.Errorf("signatures: %w", err)
	}
	return nil
}

// versionsOf calls each with the earlier versions of files ids.
func (s *Store) versionsOf(ctx context.Context, ids []int64, each func(file int64, v FileVersion)) error {
	rows, err := s.db.Query(ctx, `SELECT file_id, version, size, sha256, created_at FROM item_file_version
		WHERE file_id = ANY($1) ORDER BY file_id, version`, ids)
	if err != nil {
		return fmt.Errorf("file versions: %w", err)
	}
	var id int64
	var v FileVersion
	if _, err := pgx.ForEachRow(rows, []any{&id, &v.Version, &v.Size, &v.SHA256, &v.CreatedAt}, func() error {
		each(id, v)
		return nil
	}); err != nil {
		return fmt.Errorf("file versions: %w", err)
	}
	return nil
}

// keepVersion copies file id's current version into item_file_version.
func keepVersion(ctx context.Context, tx pgx.Tx, id int64) error {
	if _, err := tx.Exec(ctx, `INSERT INTO item_file_version (file_id, version, content_type, size, sha256, storage_key, created_by, created_at)
		SELECT id, version, content_type, size, sha256, storage_key, uploaded_by, uploaded_at FROM item_file WHERE id = $1`, id); err != nil {
		return fmt.Errorf("keep version: %w", err)
	}
	return nil
}

// stampVersion is a stamp's new version of a file.
type stampVersion struct {
	key, sum, code string
	size           int64
	at             time.Time
	by             int64
}

// stampFile makes st the current version of file id and answers its number.
func stampFile(ctx context.Context, tx pgx.Tx, id int64, st stampVersion) (int, error) {
	var version int
	if err := tx.QueryRow(ctx, `UPDATE item_file SET version = version + 1, storage_key = $2, sha256 = $3, size = $4,
			stamped_at = $5, stamped_by = $6, stamp_code = $7 WHERE id = $1 RETURNING version`,
		id, st.key, st.sum, st.size, st.at, st.by, st.code).Scan(&version); err != nil {
		return 0, fmt.Errorf("stamp file: %w", err)
	}
	return version, nil
}

// protocolOf reads signature id's file, protocol (nil: none issued) and code.
func (s *Store) protocolOf(ctx context.Context, id int64) (file int64, protocol *string, code string, err error) {
	err = s.db.QueryRow(ctx, `SELECT file_id, protocol, code FROM item_file_signature WHERE id = $1`, id).Scan(&file, &protocol, &code)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil, "", httpx.NotFound()
	}
	if err != nil {
		return 0, nil, "", fmt.Errorf("signature: %w", err)
	}
	return file, protocol, code, nil
}

// version reads an earlier version of a into a (its type, size and sum)
// and answers its storage key.
func (s *Store) version(ctx context.Context, a *Attachment, version int64) (string, error) {
	var key string
	err := s.db.QueryRow(ctx, `SELECT storage_key, content_type, size, sha256 FROM item_file_version WHERE file_id = $1 AND version = $2`,
		a.ID, version).Scan(&key, &a.ContentType, &a.Size, &a.SHA256)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", httpx.NotFound()
	}
	if err != nil {
		return "", fmt.Errorf("file version: %w", err)
	}
	return key, nil
}
