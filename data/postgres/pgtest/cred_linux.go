package pgtest

import (
	"os/exec"
	"syscall"
)

// setCred runs cmd as c (when not nil) and kills it should the test
// process die, so that no server outlives its tests.
func setCred(cmd *exec.Cmd, c *cred) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
	if c != nil {
		cmd.SysProcAttr.Credential = &syscall.Credential{Uid: c.uid, Gid: c.gid}
	}
}
