// Package config reads Tramita's configuration from flags and environment
// variables and validates it before anything starts. A flag wins over its
// variable; a bad value stops the start with one line naming the variable.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/items/demo"
)

// Config is the validated configuration of a Tramita process.
type Config struct {
	Addr          string
	DataDir       string
	DatabaseURL   string
	AdminPassword string
	LogFormat     string
	LogLevel      string
	PGBin         string
	// Demo loads the demo applications and sample items on the first start
	// of the embedded database.
	Demo bool
	// DemoPassword is the demo user's (demo.UserLogin) password; empty: a
	// random one, printed once, to be changed at the first sign-in.
	DemoPassword string
	// ZipLookupURL is the ZIP code (CEP) provider of getAddressByZipCode,
	// with {zip} where the 8 digits go; empty: no lookup.
	ZipLookupURL string
	// Storage is where uploaded files go: "local" (a folder "files" under
	// the data directory) or "s3" (the bucket of the S3 settings).
	Storage string
	S3      S3
	// FileMaxSize caps one uploaded file, in bytes.
	FileMaxSize int64
	// FileMaxCount caps the attachments of one item.
	FileMaxCount int
	// SignInRateLimit caps sign-in, password reset and MFA calls per client
	// address and minute.
	SignInRateLimit int
	// PushAllowLoopback lets web push endpoints be local addresses, for tests
	// whose stand-in push service runs on 127.0.0.1. Never in production: any
	// signed-in user could make the server POST to its local ports.
	PushAllowLoopback bool
	// MetricsAddr is where /metrics is served, apart from the application's
	// address; "" serves no metrics.
	MetricsAddr string
	// StatementTimeout and IdleInTransactionTimeout bound the server's
	// database sessions (0: no limit); migrations run without them.
	StatementTimeout, IdleInTransactionTimeout time.Duration
	// PushHosts are the push services' hosts a web push endpoint may name
	// ("host" or "*.domain"); empty, the browsers' (messages.DefaultPushHosts).
	PushHosts []string

	// PublicURL is the address people open the web app at, for the links
	// in mails; by default http:// and Addr.
	PublicURL string

	// Sign-in (internal/auth).
	JWTSecret          string
	SecretKey          string
	RecaptchaVerifyURL string
	TokenTTL           time.Duration
	SessionLifetime    time.Duration
	TrustedProxies     []netip.Prefix

	tokenTTL, sessionLifetime, trustedProxies, demo, fileMaxSize, fileMaxCount, signInRateLimit, pushAllowLoopback, pushHosts string
	statementTimeout, idleInTransactionTimeout                                                                                string
}

// S3 names the S3-compatible bucket of TRAMITA_STORAGE=s3.
type S3 struct {
	Endpoint, Region, Bucket, AccessKey, SecretKey string
}

// Error is a configuration error. Its text names the variable at fault.
type Error struct {
	Var string
	Msg string
}

func (e *Error) Error() string { return e.Var + ": " + e.Msg }

// variable documents one setting; the same table drives flags, defaults and help.
type variable struct {
	env, flag, def, usage string
	secret                bool
	target                func(*Config) *string
}

var variables = []variable{
	{env: "TRAMITA_ADDR", flag: "addr", def: "127.0.0.1:8080", usage: "address (host:port) the HTTP server listens on",
		target: func(c *Config) *string { return &c.Addr }},
	{env: "TRAMITA_METRICS_ADDR", flag: "metrics-addr", def: "127.0.0.1:9090", usage: "address (host:port) of the Prometheus metrics, apart from the application's; off: no metrics",
		target: func(c *Config) *string { return &c.MetricsAddr }},
	{env: "TRAMITA_PUBLIC_URL", flag: "public-url", usage: "address people open Tramita at (https://tramita.example.com), which links in mails (password reset) start with; empty: http:// and TRAMITA_ADDR",
		target: func(c *Config) *string { return &c.PublicURL }},
	{env: "TRAMITA_DATA_DIR", flag: "data-dir", def: "./data", usage: "folder for the embedded PostgreSQL data, files and the instance lock",
		target: func(c *Config) *string { return &c.DataDir }},
	{env: "DATABASE_URL", flag: "database-url", usage: "PostgreSQL URL (postgres://user:pass@host:5432/db); empty starts the embedded PostgreSQL in the data folder",
		target: func(c *Config) *string { return &c.DatabaseURL }},
	{env: "TRAMITA_DB_STATEMENT_TIMEOUT", flag: "db-statement-timeout", def: "60s", usage: "longest a database statement may run before PostgreSQL cancels it (0: no limit; migrations have none)",
		target: func(c *Config) *string { return &c.statementTimeout }},
	{env: "TRAMITA_DB_IDLE_IN_TRANSACTION_TIMEOUT", flag: "db-idle-in-transaction-timeout", def: "60s", usage: "longest a database session may sit idle inside a transaction before PostgreSQL ends it (0: no limit)",
		target: func(c *Config) *string { return &c.idleInTransactionTimeout }},
	{env: "TRAMITA_ADMIN_PASSWORD", secret: true, usage: "password of the administrator 'admin' created on the first start; when unset a random one is printed once and must be changed at first sign-in (environment only, never a flag)",
		target: func(c *Config) *string { return &c.AdminPassword }},
	{env: "TRAMITA_LOG_FORMAT", flag: "log-format", def: "text", usage: "log format: text or json",
		target: func(c *Config) *string { return &c.LogFormat }},
	{env: "TRAMITA_LOG_LEVEL", flag: "log-level", def: "info", usage: "log level: debug, info, warn or error",
		target: func(c *Config) *string { return &c.LogLevel }},
	{env: "TRAMITA_JWT_SECRET", secret: true, usage: "secret (at least 32 characters) that signs session tokens; empty: one is generated on the first start and kept in the database. Every instance must share it (environment only)",
		target: func(c *Config) *string { return &c.JWTSecret }},
	{env: "TRAMITA_SECRET_KEY", secret: true, usage: "key that encrypts MFA secrets at rest; empty: one is generated and kept in the database. Set it before anyone enrols: changing it makes enrolled MFA unreadable (environment only)",
		target: func(c *Config) *string { return &c.SecretKey }},
	{env: "TRAMITA_TOKEN_TTL", flag: "token-ttl", def: "1h", usage: "lifetime of a session token; the web app renews it after 600 s",
		target: func(c *Config) *string { return &c.tokenTTL }},
	{env: "TRAMITA_SESSION_LIFETIME", flag: "session-lifetime", def: "12h", usage: "absolute lifetime of a session: no renewal goes past it",
		target: func(c *Config) *string { return &c.sessionLifetime }},
	{env: "TRAMITA_TRUSTED_PROXIES", flag: "trusted-proxies", usage: "comma-separated IP addresses or CIDR ranges of reverse proxies whose X-Forwarded-For (client address) and X-Forwarded-Proto (https: send HSTS) are believed; empty: none",
		target: func(c *Config) *string { return &c.trustedProxies }},
	{env: "TRAMITA_RECAPTCHA_VERIFY_URL", flag: "recaptcha-verify-url", def: "https://www.google.com/recaptcha/api/siteverify", usage: "address where reCAPTCHA tokens are verified",
		target: func(c *Config) *string { return &c.RecaptchaVerifyURL }},
	{env: "TRAMITA_ZIP_LOOKUP_URL", flag: "zip-lookup-url", usage: "address of the ZIP code (CEP) lookup of address fields, {zip} standing for the 8 digits (for example https://viacep.com.br/ws/{zip}/json/); empty: no lookup",
		target: func(c *Config) *string { return &c.ZipLookupURL }},
	{env: "TRAMITA_STORAGE", flag: "storage", def: "local", usage: "where uploaded files are kept: local (the folder files under the data directory) or s3 (the bucket of TRAMITA_S3_*)",
		target: func(c *Config) *string { return &c.Storage }},
	{env: "TRAMITA_S3_ENDPOINT", flag: "s3-endpoint", usage: "address of the S3-compatible service, objects addressed path-style (https://s3.us-east-1.amazonaws.com, http://minio:9000)",
		target: func(c *Config) *string { return &c.S3.Endpoint }},
	{env: "TRAMITA_S3_REGION", flag: "s3-region", def: "us-east-1", usage: "region the requests are signed for",
		target: func(c *Config) *string { return &c.S3.Region }},
	{env: "TRAMITA_S3_BUCKET", flag: "s3-bucket", usage: "bucket that holds the files (it must exist)",
		target: func(c *Config) *string { return &c.S3.Bucket }},
	{env: "TRAMITA_S3_ACCESS_KEY", secret: true, usage: "access key id of the S3 bucket (environment only)",
		target: func(c *Config) *string { return &c.S3.AccessKey }},
	{env: "TRAMITA_S3_SECRET_KEY", secret: true, usage: "secret access key of the S3 bucket (environment only)",
		target: func(c *Config) *string { return &c.S3.SecretKey }},
	{env: "TRAMITA_FILE_MAX_SIZE", flag: "file-max-size", def: "25MB", usage: "largest uploaded file (attachments, Excel imports), like 25MB, 512KB or bytes; at most 1GB",
		target: func(c *Config) *string { return &c.fileMaxSize }},
	{env: "TRAMITA_FILE_MAX_COUNT", flag: "file-max-count", def: "20", usage: "most attachments one item may have (1 to 1000)",
		target: func(c *Config) *string { return &c.fileMaxCount }},
	{env: "TRAMITA_SIGNIN_RATE_LIMIT", flag: "signin-rate-limit", def: "10", usage: "sign-in, password reset and MFA calls one client address may make per minute (1 to 100000); raise it when many people share one address (an office behind NAT)",
		target: func(c *Config) *string { return &c.signInRateLimit }},
	{env: "TRAMITA_DEMO", flag: "demo", def: "true", usage: "load the demo applications and sample items on the first start of the embedded database (true or false); never with DATABASE_URL",
		target: func(c *Config) *string { return &c.demo }},
	{env: "TRAMITA_DEMO_PASSWORD", secret: true, usage: "password of the demo's plain user 'maria', created with the demo; when unset a random one is printed once and must be changed at first sign-in (environment only, never a flag)",
		target: func(c *Config) *string { return &c.DemoPassword }},
	{env: "TRAMITA_PUSH_ALLOW_LOOPBACK", def: "false", usage: "for tests only: accept web push endpoints on a loopback host (http or https, any port), as a stand-in push service needs; never in production (environment only)",
		target: func(c *Config) *string { return &c.pushAllowLoopback }},
	{env: "TRAMITA_PUSH_HOSTS", flag: "push-hosts", usage: "comma-separated hosts of the web push services a browser's subscription may name, a host or *.domain (any name under domain), reached over https on port 443; empty: the browsers' own (fcm.googleapis.com, updates.push.services.mozilla.com, *.notify.windows.com, *.push.apple.com)",
		target: func(c *Config) *string { return &c.pushHosts }},
	{env: "TRAMITA_PG_BIN", flag: "pg-bin", usage: "folder holding the embedded PostgreSQL binaries (initdb, pg_ctl, postgres); default: found under tools/postgres",
		target: func(c *Config) *string { return &c.PGBin }},
}

// Load reads args (without the program and subcommand names) and the
// environment through getenv. It returns flag.ErrHelp when help was asked.
func Load(name string, args []string, getenv func(string) string, out io.Writer) (Config, error) {
	var cfg Config
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	for _, v := range variables {
		val := getenv(v.env)
		if val == "" {
			val = v.def
		}
		*v.target(&cfg) = val
		if v.flag != "" {
			fs.StringVar(v.target(&cfg), v.flag, val, v.usage+" ["+v.env+"]")
		}
	}
	fs.Usage = func() { Usage(out, name, fs) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return cfg, err
		}
		return cfg, &Error{Var: "flags", Msg: err.Error()}
	}
	if fs.NArg() > 0 {
		return cfg, &Error{Var: "flags", Msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	return cfg, cfg.validate()
}

// Usage prints the subcommand's help with every environment variable.
func Usage(out io.Writer, name string, fs *flag.FlagSet) {
	fmt.Fprintf(out, "Usage: tramita %s [flags]\n\nFlags (each also read from the environment variable in brackets):\n", name)
	fs.PrintDefaults()
	fmt.Fprintln(out, "\nEnvironment variables:")
	for _, v := range variables {
		def := v.def
		if def == "" {
			def = "(empty)"
		}
		fmt.Fprintf(out, "  %-24s %s\n  %-24s default: %s\n", v.env, v.usage, "", def)
	}
}

func (c *Config) validate() error {
	if err := checkAddr("TRAMITA_ADDR", c.Addr); err != nil {
		return err
	}
	if c.MetricsAddr == "off" {
		c.MetricsAddr = ""
	}
	if c.MetricsAddr != "" {
		if err := checkAddr("TRAMITA_METRICS_ADDR", c.MetricsAddr); err != nil {
			return err
		}
		if c.MetricsAddr == c.Addr && !strings.HasSuffix(c.Addr, ":0") {
			return &Error{Var: "TRAMITA_METRICS_ADDR", Msg: "must differ from TRAMITA_ADDR: metrics are not served on the application's address"}
		}
	}
	host, port, _ := net.SplitHostPort(c.Addr) // checked above
	if err := c.validatePublicURL(host, port); err != nil {
		return err
	}
	if strings.TrimSpace(c.DataDir) == "" {
		return &Error{Var: "TRAMITA_DATA_DIR", Msg: "must not be empty"}
	}
	abs, err := filepath.Abs(c.DataDir)
	if err != nil {
		return &Error{Var: "TRAMITA_DATA_DIR", Msg: err.Error()}
	}
	c.DataDir = abs
	if st, err := os.Stat(abs); err == nil && !st.IsDir() {
		return &Error{Var: "TRAMITA_DATA_DIR", Msg: fmt.Sprintf("%s exists and is not a folder", abs)}
	}
	if c.DatabaseURL != "" {
		if _, err := pgxpool.ParseConfig(c.DatabaseURL); err != nil {
			return &Error{Var: "DATABASE_URL", Msg: "not a valid PostgreSQL URL"}
		}
	}
	for _, d := range []struct {
		env, text string
		target    *time.Duration
	}{{"TRAMITA_DB_STATEMENT_TIMEOUT", c.statementTimeout, &c.StatementTimeout}, {"TRAMITA_DB_IDLE_IN_TRANSACTION_TIMEOUT", c.idleInTransactionTimeout, &c.IdleInTransactionTimeout}} {
		v, err := time.ParseDuration(d.text)
		if err != nil || (v != 0 && v < time.Second) {
			return &Error{Var: d.env, Msg: fmt.Sprintf("%q is not 0 or a duration of at least 1s (like 60s or 5m)", d.text)}
		}
		*d.target = v
	}
	if c.AdminPassword != "" {
		if problem := auth.PasswordProblem(auth.AdminLogin, c.AdminPassword); problem != "" {
			return &Error{Var: "TRAMITA_ADMIN_PASSWORD", Msg: problem}
		}
	}
	if c.DemoPassword != "" {
		if problem := auth.PasswordProblem(demo.UserLogin, c.DemoPassword); problem != "" {
			return &Error{Var: "TRAMITA_DEMO_PASSWORD", Msg: problem}
		}
	}
	switch c.LogFormat {
	case "text", "json":
	default:
		return &Error{Var: "TRAMITA_LOG_FORMAT", Msg: fmt.Sprintf("%q is not text or json", c.LogFormat)}
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return &Error{Var: "TRAMITA_LOG_LEVEL", Msg: fmt.Sprintf("%q is not debug, info, warn or error", c.LogLevel)}
	}
	if err := c.validateAuth(); err != nil {
		return err
	}
	if c.PGBin != "" {
		if _, err := os.Stat(filepath.Join(c.PGBin, "postgres")); err != nil {
			return &Error{Var: "TRAMITA_PG_BIN", Msg: fmt.Sprintf("%s does not hold the postgres binary", c.PGBin)}
		}
	}
	if err := c.validateFiles(); err != nil {
		return err
	}
	switch strings.ToLower(c.demo) {
	case "true", "1", "yes", "":
		c.Demo = true
	case "false", "0", "no":
		c.Demo = false
	default:
		return &Error{Var: "TRAMITA_DEMO", Msg: fmt.Sprintf("%q is not true or false", c.demo)}
	}
	switch strings.ToLower(c.pushAllowLoopback) {
	case "false", "0", "no", "":
		c.PushAllowLoopback = false
	case "true", "1", "yes":
		c.PushAllowLoopback = true
	default:
		return &Error{Var: "TRAMITA_PUSH_ALLOW_LOOPBACK", Msg: fmt.Sprintf("%q is not true or false", c.pushAllowLoopback)}
	}
	for _, part := range strings.Split(c.pushHosts, ",") {
		host := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(part), "."))
		if host == "" {
			continue
		}
		if !pushHost.MatchString(host) {
			return &Error{Var: "TRAMITA_PUSH_HOSTS", Msg: fmt.Sprintf("%q is not a host name or *.domain", strings.TrimSpace(part))}
		}
		c.PushHosts = append(c.PushHosts, host)
	}
	return nil
}

// checkAddr checks a listening address: host:port, the host an IP address,
// localhost or empty (every interface).
func checkAddr(env, addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return &Error{Var: env, Msg: fmt.Sprintf("%q is not host:port", addr)}
	}
	if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
		return &Error{Var: env, Msg: fmt.Sprintf("port %q is not a number from 0 to 65535", port)}
	}
	if host != "" && host != "localhost" && net.ParseIP(host) == nil {
		return &Error{Var: env, Msg: fmt.Sprintf("host %q is not an IP address or localhost", host)}
	}
	return nil
}

// pushHost is a DNS name of two labels or more, or "*." and one; the last
// label is not a number, so no address passes as a name.
var pushHost = regexp.MustCompile(`^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$`)

// validatePublicURL checks TRAMITA_PUBLIC_URL, or makes it from the listen
// address: links in mails must never come from a request's Host, which the
// caller chooses.
func (c *Config) validatePublicURL(host, port string) error {
	if c.PublicURL == "" {
		if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
			host = "localhost"
		}
		c.PublicURL = "http://" + net.JoinHostPort(host, port)
		return nil
	}
	u, err := url.Parse(c.PublicURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return &Error{Var: "TRAMITA_PUBLIC_URL", Msg: fmt.Sprintf("%q is not an http or https address without query (https://tramita.example.com)", c.PublicURL)}
	}
	c.PublicURL = strings.TrimRight(c.PublicURL, "/")
	return nil
}

func (c *Config) validateAuth() error {
	if c.JWTSecret != "" && len(c.JWTSecret) < 32 {
		return &Error{Var: "TRAMITA_JWT_SECRET", Msg: "must have at least 32 characters"}
	}
	if c.SecretKey != "" && len(c.SecretKey) < 32 {
		return &Error{Var: "TRAMITA_SECRET_KEY", Msg: "must have at least 32 characters"}
	}
	for _, d := range []struct {
		env, text string
		target    *time.Duration
	}{{"TRAMITA_TOKEN_TTL", c.tokenTTL, &c.TokenTTL}, {"TRAMITA_SESSION_LIFETIME", c.sessionLifetime, &c.SessionLifetime}} {
		v, err := time.ParseDuration(d.text)
		if err != nil || v < time.Minute {
			return &Error{Var: d.env, Msg: fmt.Sprintf("%q is not a duration of at least 1m (like 30m or 12h)", d.text)}
		}
		*d.target = v
	}
	if c.SessionLifetime < c.TokenTTL {
		return &Error{Var: "TRAMITA_SESSION_LIFETIME", Msg: "must not be shorter than TRAMITA_TOKEN_TTL"}
	}
	c.TrustedProxies = nil
	for _, part := range strings.Split(c.trustedProxies, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			a, aerr := netip.ParseAddr(part)
			if aerr != nil {
				return &Error{Var: "TRAMITA_TRUSTED_PROXIES", Msg: fmt.Sprintf("%q is not an IP address or CIDR range", part)}
			}
			p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
		}
		c.TrustedProxies = append(c.TrustedProxies, p.Masked())
	}
	if c.ZipLookupURL != "" {
		u, err := url.Parse(strings.ReplaceAll(c.ZipLookupURL, "{zip}", "01310100"))
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || !strings.Contains(c.ZipLookupURL, "{zip}") {
			return &Error{Var: "TRAMITA_ZIP_LOOKUP_URL", Msg: fmt.Sprintf("%q is not an http(s) address with {zip}", c.ZipLookupURL)}
		}
	}
	u, err := url.Parse(c.RecaptchaVerifyURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return &Error{Var: "TRAMITA_RECAPTCHA_VERIFY_URL", Msg: fmt.Sprintf("%q is not an http(s) address", c.RecaptchaVerifyURL)}
	}
	return nil
}

func (c *Config) validateFiles() error {
	switch c.Storage {
	case "local", "":
		c.Storage = "local"
	case "s3":
		u, err := url.Parse(c.S3.Endpoint)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return &Error{Var: "TRAMITA_S3_ENDPOINT", Msg: fmt.Sprintf("%q is not an http(s) address (needed by TRAMITA_STORAGE=s3)", c.S3.Endpoint)}
		}
		if !bucketName.MatchString(c.S3.Bucket) {
			return &Error{Var: "TRAMITA_S3_BUCKET", Msg: fmt.Sprintf("%q is not a bucket name (3 to 63 lower-case letters, digits, dots, hyphens)", c.S3.Bucket)}
		}
		if c.S3.AccessKey == "" {
			return &Error{Var: "TRAMITA_S3_ACCESS_KEY", Msg: "must be set with TRAMITA_STORAGE=s3"}
		}
		if c.S3.SecretKey == "" {
			return &Error{Var: "TRAMITA_S3_SECRET_KEY", Msg: "must be set with TRAMITA_STORAGE=s3"}
		}
	default:
		return &Error{Var: "TRAMITA_STORAGE", Msg: fmt.Sprintf("%q is not local or s3", c.Storage)}
	}
	size, ok := parseSize(c.fileMaxSize)
	if !ok || size < 1024 || size > 1<<30 {
		return &Error{Var: "TRAMITA_FILE_MAX_SIZE", Msg: fmt.Sprintf("%q is not a size from 1KB to 1GB (like 25MB)", c.fileMaxSize)}
	}
	c.FileMaxSize = size
	n, err := strconv.Atoi(c.fileMaxCount)
	if err != nil || n < 1 || n > 1000 {
		return &Error{Var: "TRAMITA_FILE_MAX_COUNT", Msg: fmt.Sprintf("%q is not a number from 1 to 1000", c.fileMaxCount)}
	}
	c.FileMaxCount = n
	n, err = strconv.Atoi(c.signInRateLimit)
	if err != nil || n < 1 || n > 100000 {
		return &Error{Var: "TRAMITA_SIGNIN_RATE_LIMIT", Msg: fmt.Sprintf("%q is not a number from 1 to 100000", c.signInRateLimit)}
	}
	c.SignInRateLimit = n
	return nil
}

var bucketName = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$`)

// parseSize reads 25MB, 512KB, 1GB or a number of bytes (units of 1024).
func parseSize(s string) (int64, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > (1<<40)/mult {
		return 0, false
	}
	return n * mult, true
}
