// Command testpg runs a command with one embedded PostgreSQL for all of it:
//
//	go run ./internal/testkit/cmd/testpg -- go test ./...
//
// Every test package then shares it through TRAMITA_TEST_DATABASE_URL
// instead of starting its own; testpg exits with the command's exit code.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"github.com/tramita/tramita/internal/testkit"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: testpg -- command [args...]")
		return 2
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

	env := os.Environ()
	if os.Getenv(testkit.EnvDatabaseURL) == "" {
		srv, err := testkit.StartServer(context.Background(), log)
		if err != nil {
			fmt.Fprintln(os.Stderr, "testpg:", err)
			return 1
		}
		defer func() {
			if err := srv.Stop(); err != nil {
				fmt.Fprintln(os.Stderr, "testpg:", err)
			}
		}()
		env = append(env, testkit.EnvDatabaseURL+"="+srv.URL())
	} // else: a server was given; just run the command against it.

	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// Stay alive on Ctrl-C or TERM and pass them on, so the server is stopped
	// after the command has finished with it.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "testpg:", err)
		return 1
	}
	go func() {
		for s := range sigs {
			_ = cmd.Process.Signal(s)
		}
	}()
	err := cmd.Wait()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		if code := exit.ExitCode(); code >= 0 {
			return code
		}
		return 1 // killed by a signal
	default:
		fmt.Fprintln(os.Stderr, "testpg:", err)
		return 1
	}
}
