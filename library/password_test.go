package library

import "testing"

func TestPasswordHash(t *testing.T) {
	h := hashPassword("correct horse")
	if !checkPassword(h, "correct horse") || checkPassword(h, "correct horsf") {
		t.Fatal("hash does not check")
	}
	if hashPassword("correct horse") == h {
		t.Fatal("hashes are not salted")
	}
	for _, bad := range []string{"", "!", "$argon2id$v=19$m=1,t=1,p=1$$", "$bcrypt$x$y$z$w"} {
		if checkPassword(bad, "") {
			t.Errorf("malformed hash %q matched", bad)
		}
	}
}
