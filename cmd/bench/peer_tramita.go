package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// The Tramita side of the peer benchmark: bin/tramita on a new data
// directory without the demo, the package apps/bench/peer-tasks.yaml
// imported as an administrator imports one (`tramita apps import`), 50 users
// user00..user49 (the tasks' assignees, as responsible users) and the rows
// (peer_load_tramita.go).

// peerPackage is the package of the type tasks, relative to the repository.
const peerPackage = "apps/bench/peer-tasks.yaml"

// startTramitaPeer is server.start without the demo: the item table then
// holds the benchmark's rows only.
func startTramitaPeer(ctx context.Context, s *server) error {
	f, err := os.OpenFile(filepath.Join(s.dir, "tramita.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	s.logFile = f
	cmd := exec.Command(s.bin, "serve")
	cmd.Env = append(os.Environ(), "TRAMITA_ADDR="+s.addr, "TRAMITA_DATA_DIR="+s.dir, "TRAMITA_DEMO=false",
		"TRAMITA_ADMIN_PASSWORD="+s.password, "TRAMITA_LOG_LEVEL=warn")
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		return err
	}
	s.cmd = cmd
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	s.waitExit = exited
	hc := &http.Client{Timeout: 2 * time.Second}
	for deadline := time.Now().Add(3 * time.Minute); time.Now().Before(deadline); {
		select {
		case err := <-exited:
			s.cmd = nil
			return fmt.Errorf("tramita exited before it was ready (%v); log: %s", err, s.logTail())
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		if resp, err := hc.Get("http://" + s.addr + "/api/health"); err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	return errors.New("tramita was not ready within 3 minutes; log: " + s.logTail())
}

// setUpTramitaPeer starts a new installation, imports the package with the
// CLI while the server is stopped (the CLI opens the data directory itself),
// starts it again, adds the users and answers where the rows go.
func setUpTramitaPeer(ctx context.Context, s *server) (tramitaTarget, *pgxpool.Pool, error) {
	var t tramitaTarget
	if err := startTramitaPeer(ctx, s); err != nil {
		return t, nil, err
	}
	s.stop()
	log.Printf("  tramita: bin/tramita apps import %s", peerPackage)
	imp := exec.CommandContext(ctx, s.bin, "apps", "import", peerPackage)
	imp.Env = append(os.Environ(), "TRAMITA_DATA_DIR="+s.dir, "TRAMITA_LOG_LEVEL=warn")
	out, err := imp.CombinedOutput()
	if err != nil {
		return t, nil, fmt.Errorf("tramita apps import %s: %v: %s", peerPackage, err, out)
	}
	log.Printf("  tramita: %s", lastLines(out, 5))
	if err := startTramitaPeer(ctx, s); err != nil {
		return t, nil, err
	}
	pool, err := pgxpool.New(ctx, s.dbURL())
	if err != nil {
		return t, nil, err
	}
	fail := func(err error) (tramitaTarget, *pgxpool.Pool, error) { pool.Close(); return t, nil, err }
	if err := pool.QueryRow(ctx, `SELECT c.id FROM component c JOIN application a ON a.id = c.application_id
		WHERE a.key = 'peerBench' AND c.key = 'tasks' AND c.retired_at IS NULL`).Scan(&t.componentID); err != nil {
		return fail(fmt.Errorf("the imported type tasks: %w", err))
	}
	if err := pool.QueryRow(ctx, `SELECT id FROM app_user WHERE login = 'admin'`).Scan(&t.creatorID); err != nil {
		return fail(err)
	}
	for _, key := range peerStatuses {
		var id int64
		if err := pool.QueryRow(ctx, `SELECT id FROM item_status WHERE component_id = $1 AND key = $2`, t.componentID, key).Scan(&id); err != nil {
			return fail(fmt.Errorf("status %s: %w", key, err))
		}
		t.statusIDs = append(t.statusIDs, id)
	}
	// The assignees, as users with the administrator's password (nobody
	// signs in as them).
	for i := range 50 {
		login := peerUserLogin(i)
		var id int64
		if err := pool.QueryRow(ctx, `INSERT INTO app_user (login, name, email, password_hash, password_changed_at)
			SELECT $1::text, $1::text, $1::text || '@example.com', password_hash, now() FROM app_user WHERE login = 'admin'
			RETURNING id`, login).Scan(&id); err != nil {
			return fail(fmt.Errorf("add user %s: %w", login, err))
		}
		t.userIDs = append(t.userIDs, id)
	}
	return t, pool, nil
}
