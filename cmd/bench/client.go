package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"time"
)

// client talks to the server under test, on 127.0.0.1 only.
type client struct {
	base  string
	token string
	hc    *http.Client
}

func newClient(addr string) *client {
	return &client{base: "http://" + addr, hc: &http.Client{Timeout: 60 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 16, DisableCompression: true}}}
}

type loginResult struct {
	Success    bool   `json:"success"`
	Message    string `json:"message"`
	Token      string `json:"token"`
	PanelAdmin bool   `json:"hasPanelAdminPermission"`
}

// signInRaw answers the status and the decoded result of one sign-in;
// forwardedFor, when set, is the client address the loopback proxy reports.
func (c *client) signInRaw(ctx context.Context, user, password, forwardedFor string) (int, loginResult, error) {
	body, _ := json.Marshal(map[string]any{"UserName": user, "Password": password})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/api/users/authenticate", bytes.NewReader(body))
	if err != nil {
		return 0, loginResult{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	if forwardedFor != "" {
		req.Header.Set("X-Forwarded-For", forwardedFor)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, loginResult{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, loginResult{}, err
	}
	var res loginResult
	if resp.StatusCode == http.StatusOK {
		raw, err := base64.StdEncoding.DecodeString(string(bytes.TrimSpace(b)))
		if err != nil {
			return resp.StatusCode, res, fmt.Errorf("sign-in answer is not base64: %w", err)
		}
		if err := json.Unmarshal(raw, &res); err != nil {
			return resp.StatusCode, res, err
		}
	}
	return resp.StatusCode, res, nil
}

func (c *client) signIn(ctx context.Context, user, password, forwardedFor string) (loginResult, error) {
	status, res, err := c.signInRaw(ctx, user, password, forwardedFor)
	if err != nil {
		return res, err
	}
	if status != http.StatusOK || !res.Success || res.Token == "" {
		return res, fmt.Errorf("sign-in as %s: status %d, %q", user, status, res.Message)
	}
	return res, nil
}

// call makes one authenticated request and answers its status, body and
// duration (until the whole body is read).
func (c *client) call(ctx context.Context, method, path string, body any) (int, []byte, time.Duration, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, 0, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return 0, nil, 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept-Language", "pt-BR")
	t0 := time.Now()
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, nil, time.Since(t0), err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp.StatusCode, b, time.Since(t0), err
}

// percentile of sorted durations, nearest rank.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted))*p/100+0.999999) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

type quantiles struct{ p50, p95, p99 time.Duration }

func quantilesOf(d []time.Duration) quantiles {
	s := slices.Clone(d)
	slices.Sort(s)
	return quantiles{percentile(s, 50), percentile(s, 95), percentile(s, 99)}
}

func median[T int64 | float64 | time.Duration](v []T) T {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// medianQuantiles is the median, figure by figure, of the rounds' quantiles.
func medianQuantiles(rounds []quantiles) quantiles {
	var a, b, c []time.Duration
	for _, r := range rounds {
		a, b, c = append(a, r.p50), append(b, r.p95), append(c, r.p99)
	}
	return quantiles{median(a), median(b), median(c)}
}
