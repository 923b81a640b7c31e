//go:build !unix

package testkit

import "errors"

func lockFile(string) (func(), error) { return func() {}, nil }

func tryLockFile(string) (func(), error) { return nil, errors.New("not supported") }
