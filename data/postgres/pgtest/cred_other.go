//go:build !linux

package pgtest

import (
	"os/exec"
	"syscall"
)

// setCred runs cmd as c (when not nil).
func setCred(cmd *exec.Cmd, c *cred) {
	if c != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: c.uid, Gid: c.gid}}
	}
}
