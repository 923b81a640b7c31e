//go:build unix && !linux

package database

import (
	"os/exec"
	"strconv"
	"strings"
	"syscall"
)

// setParentDeathSignal: only Linux has a parent-death signal; elsewhere a
// server orphaned by a killed tramita is stopped by the next start.
func setParentDeathSignal(*syscall.SysProcAttr) {}

// inspectProcess asks ps, as there is no /proc; the working directory stays
// unknown, so a live postgres there is treated as ours to stop.
func inspectProcess(pid int) procInfo {
	if err := syscall.Kill(pid, 0); err == syscall.ESRCH {
		return procInfo{}
	}
	out, err := exec.Command("ps", "-o", "stat=,comm=", "-p", strconv.Itoa(pid)).Output()
	if err != nil {
		return procInfo{}
	}
	fields := strings.Fields(string(out))
	if len(fields) < 2 || strings.HasPrefix(fields[0], "Z") {
		return procInfo{}
	}
	comm := fields[len(fields)-1]
	return procInfo{alive: true, postgres: comm == "postgres" || strings.HasSuffix(comm, "/postgres")}
}
