package oauth_test

import (
	"bufio"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/schema"
)

func TestDirMailer(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sink")
	m := oauth.DirMailer{Dir: dir}
	if err := m.Send(t.Context(), oauth.Message{To: "a@example.com", Subject: "Héllo", Text: "line one\nhttps://x.example/?token=pml_abc=def\n"}); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	if len(files) != 1 {
		t.Fatalf("%d files in the sink", len(files))
	}
	st, _ := os.Stat(files[0])
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("sink file mode %v, want 0600", st.Mode().Perm())
	}
	msg := decodeMail(mustRead(t, files[0]))
	if !strings.Contains(msg, "To: a@example.com\r\n") || !strings.Contains(msg, "https://x.example/?token=pml_abc=def") {
		t.Fatalf("message = %q", msg)
	}
	err := m.Send(t.Context(), oauth.Message{To: "a@example.com\r\nBcc: b@example.com", Subject: "x", Text: "y"})
	if !errors.Is(err, schema.ErrInvalid) {
		t.Fatalf("header injection: %v", err)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fakeSMTP is a minimal loopback SMTP server that records one message.
func fakeSMTP(t *testing.T) (addr string, got chan string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	got = make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(10 * time.Second))
		r := bufio.NewReader(c)
		say := func(s string) { _, _ = c.Write([]byte(s + "\r\n")) }
		say("220 fake ESMTP")
		var transcript strings.Builder
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			transcript.WriteString(line)
			cmd := strings.ToUpper(strings.TrimSpace(line))
			switch {
			case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
				say("250-fake")
				say("250 8BITMIME")
			case strings.HasPrefix(cmd, "MAIL"), strings.HasPrefix(cmd, "RCPT"):
				say("250 ok")
			case cmd == "DATA":
				say("354 go ahead")
				for {
					l, err := r.ReadString('\n')
					if err != nil {
						return
					}
					if l == ".\r\n" {
						break
					}
					transcript.WriteString(l)
				}
				say("250 queued")
			case cmd == "QUIT":
				say("221 bye")
				got <- transcript.String()
				return
			default:
				say("250 ok")
			}
		}
	}()
	return ln.Addr().String(), got
}

func TestSMTPMailer(t *testing.T) {
	addr, got := fakeSMTP(t)
	m, err := oauth.NewSMTPMailer(oauth.SMTPConfig{Addr: addr, From: "noreply@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Send(t.Context(), oauth.Message{To: "p@example.com", Subject: "Your link", Text: "open https://m.example/x\n"}); err != nil {
		t.Fatalf("send: %v", err)
	}
	tr := <-got
	for _, want := range []string{"MAIL FROM:<noreply@example.com>", "RCPT TO:<p@example.com>", "Subject: Your link", "open https://m.example/x"} {
		if !strings.Contains(tr, want) {
			t.Errorf("transcript lacks %q:\n%s", want, tr)
		}
	}
	for _, bad := range []oauth.SMTPConfig{{Addr: "nohost", From: "a@example.com"}, {Addr: addr, From: "not an address"}, {Addr: addr, From: "a@example.com", Password: "x"}} {
		if _, err := oauth.NewSMTPMailer(bad); !errors.Is(err, schema.ErrInvalid) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}

func TestSMTPMailerUnreachable(t *testing.T) {
	// 192.0.2.0/24 is TEST-NET: nothing answers, and the error says the
	// mail server is unavailable rather than hanging past the timeout.
	m, err := oauth.NewSMTPMailer(oauth.SMTPConfig{Addr: "192.0.2.1:25", From: "a@example.com", Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Send(t.Context(), oauth.Message{To: "p@example.com", Subject: "x", Text: "y"}); !errors.Is(err, schema.ErrUnavailable) {
		t.Fatalf("send to an unreachable relay: %v", err)
	}
}
