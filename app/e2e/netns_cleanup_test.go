//go:build linux

package e2e

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// pids lists the processes inside the namespace.
func netnsPids(name string) ([]int, error) {
	out, err := exec.Command("ip", "netns", "pids", name).Output()
	if err != nil {
		return nil, err
	}
	var pids []int
	for _, f := range strings.Fields(string(out)) {
		if pid, err := strconv.Atoi(f); err == nil && pid != os.Getpid() {
			pids = append(pids, pid)
		}
	}
	return pids, nil
}

// deleteNetns kills every process inside the namespace, waits for them to
// go, and deletes it.
func deleteNetns(name string) error {
	deadline := time.Now().Add(30 * time.Second) // a hang guard
	for {
		pids, err := netnsPids(name)
		if err != nil {
			return fmt.Errorf("listing processes in namespace %s: %v", name, err)
		}
		if len(pids) == 0 {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("processes %v stay in namespace %s after SIGKILL", pids, name)
		}
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if out, err := exec.Command("ip", "netns", "del", name).CombinedOutput(); err != nil {
		return fmt.Errorf("ip netns del %s: %v\n%s", name, err, out)
	}
	return nil
}

func (n *netns) remove() {
	if err := deleteNetns(n.Name); err != nil {
		n.t.Errorf("removing network namespace: %v", err)
	}
}

// reapStaleNetns removes namespaces named lh-<pid>-<n> whose test binary is
// gone.
func reapStaleNetns(t testing.TB) {
	out, err := exec.Command("ip", "netns", "list").Output()
	if err != nil {
		t.Logf("listing network namespaces: %v", err)
		return
	}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		m := netnsNameRE.FindStringSubmatch(f[0])
		if m == nil {
			continue
		}
		pid, _ := strconv.Atoi(m[1])
		if pid == os.Getpid() || processAlive(pid) {
			continue
		}
		if err := deleteNetns(f[0]); err != nil {
			t.Logf("removing stale namespace: %v", err)
		} else {
			t.Logf("removed stale network namespace %s (its test binary, pid %d, is gone)", f[0], pid)
		}
	}
}

// processAlive tells whether pid runs; a zombie (a killed test binary
// whose parent has not reaped it yet) counts as gone.
func processAlive(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// "pid (comm) state ...": comm may hold spaces and parentheses.
	if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
		return stat[i+2] != 'Z' && stat[i+2] != 'X'
	}
	return true
}
