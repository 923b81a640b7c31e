package storage

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"time"
)

// S3Config names an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...).
type S3Config struct {
	// Endpoint is the service's address, like https://s3.us-east-1.amazonaws.com
	// or http://minio:9000; objects are addressed path-style under it.
	Endpoint  string
	Region    string
	Bucket    string
	AccessKey string
	SecretKey string
}

// S3 keeps files as objects of a bucket, signed with AWS Signature V4. An
// object appears only when its PUT completes, so a failed upload leaves
// nothing; the file is spooled to a local temporary file first, to know its
// size and hash and to enforce the limit before anything is sent.
type S3 struct {
	cfg    S3Config
	base   *url.URL
	client *http.Client
	now    func() time.Time
	// tempDir holds the spooled uploads ("" is the system's).
	tempDir string
}

// NewS3 returns the store of cfg; client may be nil (a 60 s timeout client).
func NewS3(cfg S3Config, client *http.Client) (*S3, error) {
	u, err := url.Parse(strings.TrimRight(cfg.Endpoint, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("storage: S3 endpoint %q is not an http(s) address", cfg.Endpoint)
	}
	if cfg.Bucket == "" || cfg.AccessKey == "" || cfg.SecretKey == "" {
		return nil, errors.New("storage: S3 needs a bucket and an access key pair")
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	if client == nil {
		client = &http.Client{Timeout: 60 * time.Second}
	}
	return &S3{cfg: cfg, base: u, client: client, now: time.Now}, nil
}

func (s *S3) objectURL(key string) *url.URL {
	u := *s.base
	u.Path = s.base.Path + "/" + s.cfg.Bucket
	if key != "" {
		u.Path += "/" + key
	}
	u.RawPath = ""
	return &u
}

// emptyHash is the SHA-256 of an empty body.
const emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

func (s *S3) do(ctx context.Context, method, key string, body io.ReadSeeker, size int64, sum string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, s.objectURL(key).String(), nil)
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	if body != nil {
		req.Body = io.NopCloser(body)
		req.ContentLength = size
		req.GetBody = func() (io.ReadCloser, error) {
			if _, err := body.Seek(0, io.SeekStart); err != nil {
				return nil, err
			}
			return io.NopCloser(body), nil
		}
	}
	signV4(req, sum, s.cfg, s.now())
	res, err := s.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("storage: S3 %s: %w", method, err)
	}
	return res, nil
}

func statusError(method string, res *http.Response) error {
	b, _ := io.ReadAll(io.LimitReader(res.Body, 512))
	return fmt.Errorf("storage: S3 %s: %s: %s", method, res.Status, strings.TrimSpace(string(b)))
}

// Check asks for the bucket, so a wrong address, bucket or key stops the
// start instead of the first upload.
func (s *S3) Check(ctx context.Context) error {
	res, err := s.do(ctx, http.MethodHead, "", nil, 0, emptyHash)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return statusError("HEAD bucket "+s.cfg.Bucket, res)
	}
	return nil
}

// Put spools r (at most max bytes) and sends it in one PUT.
func (s *S3) Put(ctx context.Context, key string, r io.Reader, max int64) (int64, error) {
	if !ValidKey(key) {
		return 0, ErrBadKey
	}
	f, err := os.CreateTemp(s.tempDir, "tramita-s3-*")
	if err != nil {
		return 0, full(fmt.Errorf("storage: %w", err))
	}
	defer func() {
		f.Close()
		os.Remove(f.Name())
	}()
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), io.LimitReader(readerWithContext{ctx, r}, max+1))
	if err != nil {
		return n, full(fmt.Errorf("storage: spool: %w", err))
	}
	if n > max {
		return n, ErrTooLarge
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return n, fmt.Errorf("storage: spool: %w", err)
	}
	res, err := s.do(ctx, http.MethodPut, key, f, n, hex.EncodeToString(h.Sum(nil)))
	if err != nil {
		return n, err
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusInsufficientStorage { // MinIO's XMinioStorageFull
		return n, fmt.Errorf("%w: %w", ErrNoSpace, statusError("PUT", res))
	}
	if res.StatusCode != http.StatusOK {
		return n, statusError("PUT", res)
	}
	return n, nil
}

// Open reads an object.
func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, error) {
	if !ValidKey(key) {
		return nil, ErrBadKey
	}
	res, err := s.do(ctx, http.MethodGet, key, nil, 0, emptyHash)
	if err != nil {
		return nil, err
	}
	switch res.StatusCode {
	case http.StatusOK:
		return res.Body, nil
	case http.StatusNotFound:
		res.Body.Close()
		return nil, ErrNotFound
	}
	defer res.Body.Close()
	return nil, statusError("GET", res)
}

// Delete removes an object; a missing one is not an error.
func (s *S3) Delete(ctx context.Context, key string) error {
	if !ValidKey(key) {
		return ErrBadKey
	}
	res, err := s.do(ctx, http.MethodDelete, key, nil, 0, emptyHash)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	switch res.StatusCode {
	case http.StatusOK, http.StatusNoContent, http.StatusNotFound:
		return nil
	}
	return statusError("DELETE", res)
}

// signV4 signs req for S3 (AWS Signature Version 4, headers variant): the
// host, every x-amz-* header and range/content-type/content-md5 are signed.
func signV4(req *http.Request, payloadHash string, cfg S3Config, now time.Time) {
	amzDate := now.UTC().Format("20060102T150405Z")
	day := amzDate[:8]
	req.Header.Set("X-Amz-Date", amzDate)
	req.Header.Set("X-Amz-Content-Sha256", payloadHash)
	host := req.Host
	if host == "" {
		host = req.URL.Host
	}
	headers := map[string]string{"host": host}
	for name, values := range req.Header {
		lower := strings.ToLower(name)
		if strings.HasPrefix(lower, "x-amz-") || lower == "range" || lower == "content-type" || lower == "content-md5" {
			headers[lower] = strings.Join(strings.Fields(strings.Join(values, ",")), " ")
		}
	}
	names := make([]string, 0, len(headers))
	for n := range headers {
		names = append(names, n)
	}
	sort.Strings(names)
	var canonHeaders strings.Builder
	for _, n := range names {
		canonHeaders.WriteString(n + ":" + headers[n] + "\n")
	}
	signed := strings.Join(names, ";")
	canonical := strings.Join([]string{req.Method, canonicalURI(req.URL.EscapedPath()), canonicalQuery(req.URL.Query()),
		canonHeaders.String(), signed, payloadHash}, "\n")
	scope := day + "/" + cfg.Region + "/s3/aws4_request"
	sum := sha256.Sum256([]byte(canonical))
	toSign := "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n" + hex.EncodeToString(sum[:])
	key := hmacSHA256([]byte("AWS4"+cfg.SecretKey), day)
	key = hmacSHA256(key, cfg.Region)
	key = hmacSHA256(key, "s3")
	key = hmacSHA256(key, "aws4_request")
	signature := hex.EncodeToString(hmacSHA256(key, toSign))
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential="+cfg.AccessKey+"/"+scope+
		",SignedHeaders="+signed+",Signature="+signature)
}

func hmacSHA256(key []byte, data string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(data))
	return m.Sum(nil)
}

// canonicalURI encodes each segment of an (escaped) path as S3 expects:
// RFC 3986 unreserved characters kept, everything else %XX, slashes kept.
func canonicalURI(escaped string) string {
	if escaped == "" {
		return "/"
	}
	segments := strings.Split(escaped, "/")
	for i, seg := range segments {
		raw, err := url.PathUnescape(seg)
		if err != nil {
			raw = seg
		}
		segments[i] = uriEncode(raw)
	}
	return strings.Join(segments, "/")
}

func canonicalQuery(q url.Values) string {
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		vals := append([]string(nil), q[k]...)
		sort.Strings(vals)
		for _, v := range vals {
			parts = append(parts, uriEncode(k)+"="+uriEncode(v))
		}
	}
	return strings.Join(parts, "&")
}

func uriEncode(s string) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
	return b.String()
}
