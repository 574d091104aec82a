package oauth

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Message is an email the server sends: today only sign-in links.
type Message struct {
	To      string
	Subject string
	Text    string
}

// Mailer delivers messages. Implementations are safe for concurrent use
// and must not log a message's text, which carries a sign-in link.
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// DirMailer is the development mail sink: each message becomes one file
// (RFC 5322, readable by any mail client) in Dir, created if missing.
// Files are private to the user (0600), because a link in one signs its
// reader in. Safe for concurrent use.
type DirMailer struct {
	Dir string
	// Now names the files in order; nil means time.Now.
	Now func() time.Time
}

// Send writes m to a new file named <unix nanos>-<random>.eml in Dir.
func (d DirMailer) Send(_ context.Context, m Message) error {
	if d.Dir == "" {
		return fmt.Errorf("%w: mail sink folder is empty", schema.ErrInvalid)
	}
	if err := os.MkdirAll(d.Dir, 0o700); err != nil {
		return fmt.Errorf("mail sink: %w", err)
	}
	now := time.Now
	if d.Now != nil {
		now = d.Now
	}
	var r [4]byte
	_, _ = rand.Read(r[:])
	name := fmt.Sprintf("%020d-%s.eml", now().UnixNano(), hex.EncodeToString(r[:]))
	data, err := render(m, "persistmemory@localhost", now())
	if err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(d.Dir, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("mail sink: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("mail sink: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("mail sink: %w", err)
	}
	return nil
}

// SMTPConfig says how to reach the outgoing mail server.
type SMTPConfig struct {
	// Addr is host:port, e.g. smtp.example.com:587.
	Addr string
	// From is the sender address.
	From string
	// Username and Password authenticate with PLAIN auth; empty Username
	// sends without authenticating.
	Username string
	Password string
	// ImplicitTLS connects with TLS from the first byte (port 465).
	// Otherwise STARTTLS is required, except to a loopback relay.
	ImplicitTLS bool
	// Timeout bounds one delivery; zero means 30 seconds.
	Timeout time.Duration
}

// Validate reports the first setting that cannot work.
func (c SMTPConfig) Validate() error {
	host, port, err := net.SplitHostPort(c.Addr)
	if err != nil || host == "" || port == "" {
		return fmt.Errorf("%w: SMTP address %q must be host:port", schema.ErrInvalid, c.Addr)
	}
	if _, err := normalizeEmail(c.From); err != nil {
		return fmt.Errorf("%w: SMTP sender %q is not an email address", schema.ErrInvalid, c.From)
	}
	if c.Username == "" && c.Password != "" {
		return fmt.Errorf("%w: SMTP password is set but username is empty", schema.ErrInvalid)
	}
	if c.Timeout < 0 {
		return fmt.Errorf("%w: SMTP timeout is negative", schema.ErrInvalid)
	}
	return nil
}

// SMTPMailer sends through an SMTP server with net/smtp. Safe for
// concurrent use: each message is its own connection.
type SMTPMailer struct {
	Config SMTPConfig
}

// NewSMTPMailer validates cfg and returns a mailer for it.
func NewSMTPMailer(cfg SMTPConfig) (*SMTPMailer, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &SMTPMailer{Config: cfg}, nil
}

// Send delivers m. Errors name the server, never the message.
func (s *SMTPMailer) Send(ctx context.Context, m Message) error {
	c := s.Config
	timeout := c.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	host, _, _ := net.SplitHostPort(c.Addr)
	data, err := render(m, c.From, time.Now())
	if err != nil {
		return err
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", c.Addr)
	if err != nil {
		return fmt.Errorf("%w: smtp %s: %v", schema.ErrUnavailable, c.Addr, err)
	}
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	tlsCfg := &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	if c.ImplicitTLS {
		conn = tls.Client(conn, tlsCfg)
	}
	cl, err := smtp.NewClient(conn, host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("%w: smtp %s: %v", schema.ErrUnavailable, c.Addr, err)
	}
	defer cl.Close()
	if !c.ImplicitTLS {
		if ok, _ := cl.Extension("STARTTLS"); ok {
			if err := cl.StartTLS(tlsCfg); err != nil {
				return fmt.Errorf("%w: smtp %s: starttls: %v", schema.ErrUnavailable, c.Addr, err)
			}
		} else if !isLoopbackHost(host) {
			return fmt.Errorf("%w: smtp %s offers no STARTTLS; refusing to send a sign-in link in clear text", schema.ErrUnavailable, c.Addr)
		}
	}
	if c.Username != "" {
		if err := cl.Auth(smtp.PlainAuth("", c.Username, c.Password, host)); err != nil {
			return fmt.Errorf("%w: smtp %s: authentication failed", schema.ErrUnavailable, c.Addr)
		}
	}
	if err := cl.Mail(c.From); err != nil {
		return fmt.Errorf("%w: smtp %s: MAIL FROM refused: %v", schema.ErrUnavailable, c.Addr, err)
	}
	if err := cl.Rcpt(m.To); err != nil {
		return fmt.Errorf("%w: smtp %s: recipient refused", schema.ErrUnavailable, c.Addr)
	}
	w, err := cl.Data()
	if err != nil {
		return fmt.Errorf("%w: smtp %s: %v", schema.ErrUnavailable, c.Addr, err)
	}
	if _, err := w.Write(data); err != nil {
		return fmt.Errorf("%w: smtp %s: %v", schema.ErrUnavailable, c.Addr, err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("%w: smtp %s: %v", schema.ErrUnavailable, c.Addr, err)
	}
	return cl.Quit()
}

// render formats m as an RFC 5322 message with a quoted-printable body.
// Header values are refused if they could inject a header.
func render(m Message, from string, now time.Time) ([]byte, error) {
	for _, v := range []string{m.To, m.Subject, from} {
		if strings.ContainsAny(v, "\r\n") {
			return nil, fmt.Errorf("%w: a mail header contains a line break", schema.ErrInvalid)
		}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\n", (&mail.Address{Name: "PersistMemory", Address: from}).String())
	fmt.Fprintf(&b, "To: %s\r\n", m.To)
	fmt.Fprintf(&b, "Subject: %s\r\n", mimeHeader(m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", now.UTC().Format(time.RFC1123Z))
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
	qp := quotedprintable.NewWriter(&b)
	if _, err := qp.Write([]byte(strings.ReplaceAll(m.Text, "\n", "\r\n"))); err != nil {
		return nil, err
	}
	if err := qp.Close(); err != nil {
		return nil, err
	}
	b.WriteString("\r\n")
	return b.Bytes(), nil
}

func mimeHeader(s string) string { return mime.QEncoding.Encode("utf-8", s) }

// normalizeEmail returns the canonical form of a bare email address (lower
// case, trimmed) or an error wrapping schema.ErrInvalid.
func normalizeEmail(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if s == "" || len(s) > 254 || strings.ContainsAny(s, "\r\n<>\" ,;") {
		return "", fmt.Errorf("%w: not an email address", schema.ErrInvalid)
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return "", fmt.Errorf("%w: not an email address", schema.ErrInvalid)
	}
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || domain == "" || !strings.Contains(domain, ".") && !strings.EqualFold(domain, "localhost") {
		return "", fmt.Errorf("%w: not an email address", schema.ErrInvalid)
	}
	return strings.ToLower(s), nil
}
