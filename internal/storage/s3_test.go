package storage

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The example of AWS's documentation (GET Object with a Range).
func TestSignV4MatchesAWSExample(t *testing.T) {
	req, _ := http.NewRequest("GET", "https://examplebucket.s3.amazonaws.com/test.txt", nil)
	req.Header.Set("Range", "bytes=0-9")
	signV4(req, emptyHash, S3Config{Region: "us-east-1", AccessKey: "AKIAIOSFODNN7EXAMPLE",
		SecretKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"}, time.Date(2013, 5, 24, 0, 0, 0, 0, time.UTC))
	want := "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request," +
		"SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
	if got := req.Header.Get("Authorization"); got != want {
		t.Errorf("Authorization\n got %s\nwant %s", got, want)
	}
}

// fakeS3 speaks the subset S3 uses: HEAD bucket, PUT (with Content-Length
// and a payload hash that must match), GET and DELETE objects, path-style.
// It checks each request's signature with the known secret.
type fakeS3 struct {
	mu      sync.Mutex
	objects map[string][]byte
	failPut bool
	// full answers every PUT as a full MinIO does (507).
	full bool
	cfg  S3Config
	t    *testing.T
}

func (f *fakeS3) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	auth := r.Header.Get("Authorization")
	check := r.Clone(r.Context())
	check.Header = r.Header.Clone()
	check.Header.Del("Authorization")
	check.URL.Host = r.Host
	check.Host = r.Host
	date, _ := time.Parse("20060102T150405Z", r.Header.Get("X-Amz-Date"))
	signV4(check, r.Header.Get("X-Amz-Content-Sha256"), f.cfg, date)
	if auth == "" || check.Header.Get("Authorization") != auth {
		http.Error(w, "<Error><Code>SignatureDoesNotMatch</Code></Error>", http.StatusForbidden)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	key := strings.TrimPrefix(r.URL.Path, "/"+f.cfg.Bucket)
	switch {
	case r.Method == http.MethodHead && key == "":
		w.WriteHeader(http.StatusOK)
	case r.Method == http.MethodPut:
		if r.ContentLength < 0 {
			http.Error(w, "<Error><Code>MissingContentLength</Code></Error>", http.StatusLengthRequired)
			return
		}
		body, err := io.ReadAll(r.Body)
		sum := sha256.Sum256(body)
		if err != nil || hex.EncodeToString(sum[:]) != r.Header.Get("X-Amz-Content-Sha256") || int64(len(body)) != r.ContentLength {
			http.Error(w, "<Error><Code>XAmzContentSHA256Mismatch</Code></Error>", http.StatusBadRequest)
			return
		}
		if f.failPut {
			http.Error(w, "<Error><Code>InternalError</Code></Error>", http.StatusInternalServerError)
			return
		}
		if f.full {
			http.Error(w, "<Error><Code>XMinioStorageFull</Code></Error>", http.StatusInsufficientStorage)
			return
		}
		f.objects[key] = body
		w.WriteHeader(http.StatusOK)
	case r.Method == http.MethodGet:
		b, ok := f.objects[key]
		if !ok {
			http.Error(w, "<Error><Code>NoSuchKey</Code></Error>", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		_, _ = w.Write(b)
	case r.Method == http.MethodDelete:
		delete(f.objects, key)
		w.WriteHeader(http.StatusNoContent)
	default:
		http.Error(w, "", http.StatusMethodNotAllowed)
	}
}

func newFakeS3(t *testing.T) (*fakeS3, *S3) {
	cfg := S3Config{Region: "sa-east-1", Bucket: "tramita", AccessKey: "AKIDTEST", SecretKey: "secret/key+test"}
	fake := &fakeS3{objects: map[string][]byte{}, cfg: cfg, t: t}
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	cfg.Endpoint = srv.URL
	s, err := NewS3(cfg, srv.Client())
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
	if string(fake.objects["/"+key]) != "olá, arquivo" {
		t.Fatalf("stored %v", fake.objects)
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
	if len(fake.objects) != 0 {
		t.Fatalf("objects: %v", fake.objects)
	}
	if left, _ := os.ReadDir(s.tempDir); len(left) != 0 {
		t.Fatalf("spool files left: %v", left)
	}
	// A wrong secret is refused by the service, and said at start.
	s.cfg.SecretKey = "wrong"
	if err := s.Check(ctx); err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("check with a wrong key: %v", err)
	}
}
