package database

import (
	"bytes"
	"fmt"
	"os"
	"syscall"
)

// setParentDeathSignal asks the kernel to send postgres SIGINT (fast
// shutdown) when tramita dies without stopping it, so a crashed or killed
// tramita does not leave a server behind.
func setParentDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGINT }

// inspectProcess reads /proc: a zombie (killed, not yet reaped because its
// parent died too) still answers kill(pid, 0), which is why PostgreSQL's own
// stale-lock check is not enough after a kill -9 of the whole tree.
func inspectProcess(pid int) procInfo {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		if _, perr := os.Stat("/proc/self/stat"); perr != nil {
			return inspectByKill(pid) // no /proc mounted
		}
		return procInfo{}
	}
	// pid (comm) state ...; comm may itself contain spaces or parentheses.
	open, end := bytes.IndexByte(stat, '('), bytes.LastIndexByte(stat, ')')
	if open < 0 || end < open || end+2 >= len(stat) {
		return procInfo{}
	}
	state := stat[end+2]
	if state == 'Z' || state == 'X' || state == 'x' {
		return procInfo{}
	}
	info := procInfo{alive: true, postgres: string(stat[open+1:end]) == "postgres"}
	if cwd, err := os.Readlink(fmt.Sprintf("/proc/%d/cwd", pid)); err == nil {
		info.cwd = cwd
	}
	return info
}

func inspectByKill(pid int) procInfo {
	err := syscall.Kill(pid, 0)
	alive := err == nil || err == syscall.EPERM
	return procInfo{alive: alive, postgres: alive}
}
