package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
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

// S3 keeps files as bucket objects through the MinIO client. An object appears
// only when its upload completes, so a failure leaves nothing; the file is
// spooled locally first, to know its size and enforce the limit before sending.
type S3 struct {
	cfg    S3Config
	client *minio.Client
	// tempDir holds the spooled uploads ("" is the system's).
	tempDir string
}

// NewS3 returns the store of cfg. client may be nil: the MinIO client's own
// transport is used (30 s to connect, a minute for the answer's headers, no
// bound on a long transfer); otherwise only client's Transport is used.
func NewS3(cfg S3Config, client *http.Client) (*S3, error) {
	return newS3(cfg, client, 0)
}

// newS3 is NewS3 with the number of tries per request (0: the client's
// default of 10; tests use 1 to see a failure at once).
func newS3(cfg S3Config, client *http.Client, maxRetries int) (*S3, error) {
	u, err := url.Parse(strings.TrimRight(cfg.Endpoint, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("storage: S3 endpoint %q is not an http(s) address", cfg.Endpoint)
	}
	if u.Path != "" || u.RawQuery != "" {
		return nil, fmt.Errorf("storage: S3 endpoint %q has a path; give the service's address alone", cfg.Endpoint)
	}
	if cfg.Bucket == "" || cfg.AccessKey == "" || cfg.SecretKey == "" {
		return nil, errors.New("storage: S3 needs a bucket and an access key pair")
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	var transport http.RoundTripper
	if client != nil {
		transport = client.Transport
	}
	c, err := minio.New(u.Host, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: u.Scheme == "https",
		// The region is given, so the client never asks for the bucket's
		// location; objects are addressed {endpoint}/{bucket}/{key}.
		Region:       cfg.Region,
		BucketLookup: minio.BucketLookupPath,
		Transport:    transport,
		MaxRetries:   maxRetries,
	})
	if err != nil {
		return nil, fmt.Errorf("storage: S3: %w", err)
	}
	return &S3{cfg: cfg, client: c}, nil
}

// s3Error says what the service answered (with its HTTP status, which the
// MinIO client's error message leaves out).
func s3Error(op string, err error) error {
	var er minio.ErrorResponse
	if errors.As(err, &er) && er.StatusCode != 0 {
		return fmt.Errorf("storage: S3 %s: %d %s: %s: %w", op, er.StatusCode, http.StatusText(er.StatusCode), er.Code, err)
	}
	return fmt.Errorf("storage: S3 %s: %w", op, err)
}

func s3Status(err error) int {
	var er minio.ErrorResponse
	if errors.As(err, &er) {
		return er.StatusCode
	}
	return 0
}

// Check asks for the bucket, so a wrong address, bucket or key stops the
// start instead of the first upload.
func (s *S3) Check(ctx context.Context) error {
	ok, err := s.client.BucketExists(ctx, s.cfg.Bucket)
	if err != nil {
		return s3Error("HEAD bucket "+s.cfg.Bucket, err)
	}
	if !ok {
		return fmt.Errorf("storage: S3 HEAD bucket %s: 404 Not Found: the bucket does not exist", s.cfg.Bucket)
	}
	return nil
}

// Put spools r (at most max bytes) and uploads it.
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
	n, err := io.Copy(f, io.LimitReader(readerWithContext{ctx, r}, max+1))
	if err != nil {
		return n, full(fmt.Errorf("storage: spool: %w", err))
	}
	if n > max {
		return n, ErrTooLarge
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return n, fmt.Errorf("storage: spool: %w", err)
	}
	if _, err := s.client.PutObject(ctx, s.cfg.Bucket, key, f, n, minio.PutObjectOptions{
		ContentType: "application/octet-stream",
	}); err != nil {
		err = s3Error("PUT", err)
		if s3Status(err) == http.StatusInsufficientStorage { // MinIO's XMinioStorageFull
			return n, fmt.Errorf("%w: %w", ErrNoSpace, err)
		}
		return n, err
	}
	return n, nil
}

// Open reads an object.
func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, error) {
	if !ValidKey(key) {
		return nil, ErrBadKey
	}
	obj, err := s.client.GetObject(ctx, s.cfg.Bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, s3Error("GET", err)
	}
	// The object sends its GET on first use: Stat does, so a missing key
	// is told here and not at the first read.
	if _, err := obj.Stat(); err != nil {
		obj.Close()
		if s3Status(err) == http.StatusNotFound {
			return nil, ErrNotFound
		}
		return nil, s3Error("GET", err)
	}
	return obj, nil
}

// Delete removes an object; a missing one is not an error.
func (s *S3) Delete(ctx context.Context, key string) error {
	if !ValidKey(key) {
		return ErrBadKey
	}
	if err := s.client.RemoveObject(ctx, s.cfg.Bucket, key, minio.RemoveObjectOptions{}); err != nil && s3Status(err) != http.StatusNotFound {
		return s3Error("DELETE", err)
	}
	return nil
}
