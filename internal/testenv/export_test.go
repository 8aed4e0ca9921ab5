package testenv

// Forget drops the skips recorded so far (for testenv's own tests).
func Forget() {
	mu.Lock()
	skipped = nil
	mu.Unlock()
}
