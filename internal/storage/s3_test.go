package storage

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// fakeS3 is gofakes3 with its in-memory backend, path-style, behind a
// front that checks each request's AWS Signature V4 (with AWS's own signer,
// given the request's date and signed headers) and can fail uploads as a
// broken or full MinIO does.
type fakeS3 struct {
	mu      sync.Mutex
	failPut bool
	// full answers every PUT as a full MinIO does (507).
	full    bool
	cfg     S3Config
	backend *s3mem.Backend
	s3      http.Handler
}

var authHeader = regexp.MustCompile(`^AWS4-HMAC-SHA256 Credential=([^/,]+)/(\d{8})/([^/,]+)/s3/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$`)

// signedWell recomputes r's signature with the known secret.
func (f *fakeS3) signedWell(r *http.Request) bool {
	m := authHeader.FindStringSubmatch(r.Header.Get("Authorization"))
	if m == nil || m[1] != f.cfg.AccessKey || m[3] != f.cfg.Region {
		return false
	}
	date, err := time.Parse("20060102T150405Z", r.Header.Get("X-Amz-Date"))
	if err != nil {
		return false
	}
	check, err := http.NewRequest(r.Method, "http://"+r.Host+r.URL.RequestURI(), nil)
	if err != nil {
		return false
	}
	for _, h := range strings.Split(m[4], ";") {
		switch h {
		case "host":
		case "content-length":
			check.ContentLength = r.ContentLength
		default:
			check.Header[http.CanonicalHeaderKey(h)] = r.Header.Values(h)
		}
	}
	signer := v4.NewSigner(func(o *v4.SignerOptions) { o.DisableURIPathEscaping = true })
	if err := signer.SignHTTP(r.Context(), aws.Credentials{AccessKeyID: f.cfg.AccessKey, SecretAccessKey: f.cfg.SecretKey},
		check, r.Header.Get("X-Amz-Content-Sha256"), "s3", f.cfg.Region, date); err != nil {
		return false
	}
	// AWS's signer writes ", " between the parts, MinIO's ",".
	want := authHeader.FindStringSubmatch(check.Header.Get("Authorization"))
	return want != nil && want[4] == m[4] && want[5] == m[5]
}

func s3Fail(w http.ResponseWriter, status int, code string) {
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, "<Error><Code>"+code+"</Code><Message>"+code+"</Message></Error>")
}

func (f *fakeS3) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !f.signedWell(r) {
		s3Fail(w, http.StatusForbidden, "SignatureDoesNotMatch")
		return
	}
	f.mu.Lock()
	failPut, full := f.failPut, f.full
	f.mu.Unlock()
	if r.Method == http.MethodPut && failPut {
		s3Fail(w, http.StatusInternalServerError, "InternalError")
		return
	}
	if r.Method == http.MethodPut && full {
		s3Fail(w, http.StatusInsufficientStorage, "XMinioStorageFull")
		return
	}
	if r.URL.Query().Has("partNumber") && r.Header.Get("X-Amz-Content-Sha256") == "STREAMING-AWS4-HMAC-SHA256-PAYLOAD" {
		// gofakes3 decodes aws-chunked bodies of whole objects, not of
		// parts (a real service does both): decode it here.
		body, err := decodeAWSChunked(r.Body)
		if err != nil || strconv.Itoa(len(body)) != r.Header.Get("X-Amz-Decoded-Content-Length") {
			s3Fail(w, http.StatusBadRequest, "IncompleteBody")
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		r.Header.Set("Content-Length", strconv.Itoa(len(body)))
		r.Header.Set("X-Amz-Content-Sha256", "UNSIGNED-PAYLOAD")
		r.Header.Del("Content-Encoding")
	}
	f.s3.ServeHTTP(w, r)
}

// decodeAWSChunked reads "<hex size>;chunk-signature=...\r\n<data>\r\n"
// chunks up to the empty one.
func decodeAWSChunked(r io.Reader) ([]byte, error) {
	br := bufio.NewReader(r)
	var out []byte
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return nil, err
		}
		size, _, _ := strings.Cut(strings.TrimSpace(line), ";")
		n, err := strconv.ParseInt(size, 16, 64)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return out, nil
		}
		chunk := make([]byte, n+2)
		if _, err := io.ReadFull(br, chunk); err != nil {
			return nil, err
		}
		out = append(out, chunk[:n]...)
	}
}

// object is what the bucket holds under key ("" and false when nothing).
func (f *fakeS3) object(t *testing.T, key string) (string, bool) {
	t.Helper()
	obj, err := f.backend.GetObject(f.cfg.Bucket, key, nil)
	if gofakes3.HasErrorCode(err, gofakes3.ErrNoSuchKey) {
		return "", false
	}
	if err != nil {
		t.Fatal(err)
	}
	defer obj.Contents.Close()
	b, err := io.ReadAll(obj.Contents)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), true
}

// objects counts the bucket's objects.
func (f *fakeS3) objects(t *testing.T) int {
	t.Helper()
	list, err := f.backend.ListBucket(f.cfg.Bucket, nil, gofakes3.ListBucketPage{})
	if err != nil {
		t.Fatal(err)
	}
	return len(list.Contents)
}

func newFakeS3(t *testing.T) (*fakeS3, *S3) {
	cfg := S3Config{Region: "sa-east-1", Bucket: "tramita", AccessKey: "AKIDTEST", SecretKey: "secret/key+test"}
	backend := s3mem.New()
	if err := backend.CreateBucket(cfg.Bucket); err != nil {
		t.Fatal(err)
	}
	fake := &fakeS3{cfg: cfg, backend: backend, s3: gofakes3.New(backend).Server()}
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	cfg.Endpoint = srv.URL
	// One try per request: the failures below are told at once.
	s, err := newS3(cfg, srv.Client(), 1)
	if err != nil {
		t.Fatal(err)
	}
	s.tempDir = t.TempDir()
	return fake, s
}

func TestS3WritesReadsAndDeletes(t *testing.T) {
	ctx := context.Background()
	fake, s := newFakeS3(t)
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
	key := NewKey("items", time.Now())
	if n, err := s.Put(ctx, key, strings.NewReader("olá, arquivo"), 100); err != nil || n != int64(len("olá, arquivo")) {
		t.Fatalf("put: %d %v", n, err)
	}
	if got, _ := fake.object(t, key); got != "olá, arquivo" {
		t.Fatalf("stored %q", got)
	}
	rc, err := s.Open(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	rc.Close()
	if string(b) != "olá, arquivo" {
		t.Fatalf("read %q", b)
	}
	if err := s.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(ctx, key); !errors.Is(err, ErrNotFound) {
		t.Fatalf("open after delete: %v", err)
	}
	if err := s.Delete(ctx, key); err != nil {
		t.Fatalf("delete of a missing object: %v", err)
	}
	if _, err := s.Put(ctx, "../x", strings.NewReader("x"), 10); !errors.Is(err, ErrBadKey) {
		t.Fatalf("bad key: %v", err)
	}
}

func TestS3LeavesNothingOnFailure(t *testing.T) {
	ctx := context.Background()
	fake, s := newFakeS3(t)
	key := NewKey("items", time.Now())
	if _, err := s.Put(ctx, key, bytes.NewReader(make([]byte, 101)), 100); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("too large: %v", err)
	}
	fake.failPut = true
	if _, err := s.Put(ctx, key, strings.NewReader("x"), 100); err == nil || !strings.Contains(err.Error(), "500") {
		t.Fatalf("failing PUT: %v", err)
	}
	fake.failPut = false
	fake.full = true
	if _, err := s.Put(ctx, key, strings.NewReader("x"), 100); !errors.Is(err, ErrNoSpace) {
		t.Fatalf("full bucket: %v, want ErrNoSpace", err)
	}
	if n := fake.objects(t); n != 0 {
		t.Fatalf("%d objects", n)
	}
	if left, _ := os.ReadDir(s.tempDir); len(left) != 0 {
		t.Fatalf("spool files left: %v", left)
	}
	// A wrong secret is refused by the service, and said at start.
	wrong := s.cfg
	wrong.SecretKey = "wrong"
	bad, err := newS3(wrong, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := bad.Check(ctx); err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("check with a wrong key: %v", err)
	}
	// A bucket that is not there is said at start too.
	missing := s.cfg
	missing.Bucket = "other"
	if other, err := newS3(missing, nil, 1); err != nil {
		t.Fatal(err)
	} else if err := other.Check(ctx); err == nil || !strings.Contains(err.Error(), "404") {
		t.Fatalf("check of a missing bucket: %v", err)
	}
}

// A file larger than one part goes up in parts and reads back whole.
func TestS3LargeFile(t *testing.T) {
	if testing.Short() {
		t.Skip("uploads 20 MB")
	}
	ctx := context.Background()
	fake, s := newFakeS3(t)
	body := bytes.Repeat([]byte("0123456789abcdef"), 20<<20/16)
	key := NewKey("items", time.Now())
	if n, err := s.Put(ctx, key, bytes.NewReader(body), int64(len(body))); err != nil || n != int64(len(body)) {
		t.Fatalf("put: %d %v", n, err)
	}
	if got, _ := fake.object(t, key); got != string(body) {
		t.Fatalf("stored %d bytes, want %d", len(got), len(body))
	}
	// A part refused: the upload is aborted, nothing is left.
	fake.failPut = true
	other := NewKey("items", time.Now())
	if _, err := s.Put(ctx, other, bytes.NewReader(body), int64(len(body))); err == nil || !strings.Contains(err.Error(), "500") {
		t.Fatalf("failing part: %v", err)
	}
	if _, ok := fake.object(t, other); ok || fake.objects(t) != 1 {
		t.Fatalf("%d objects after a failed upload", fake.objects(t))
	}
	for u := range s.client.ListIncompleteUploads(ctx, s.cfg.Bucket, "", true) {
		t.Errorf("upload left: %+v", u)
	}
}

// Path-style for every endpoint; an endpoint with a path is refused (the
// client addresses {endpoint}/{bucket}/{key} and cannot put a prefix before it).
func TestNewS3Refuses(t *testing.T) {
	base := S3Config{Bucket: "tramita", AccessKey: "a", SecretKey: "b"}
	for _, endpoint := range []string{"minio:9000", "ftp://minio", "http://minio:9000/prefix", "https://"} {
		cfg := base
		cfg.Endpoint = endpoint
		if _, err := NewS3(cfg, nil); err == nil {
			t.Errorf("endpoint %q accepted", endpoint)
		}
	}
	cfg := base
	cfg.Endpoint = "https://s3.us-east-1.amazonaws.com/"
	if _, err := NewS3(cfg, nil); err != nil {
		t.Errorf("AWS endpoint: %v", err)
	}
}
