package oauth_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"log/slog"
	"mime/quotedprintable"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/oauth/internal/neo4jtest"
	"github.com/persistmemory/persistmemory/schema"
)

// testKEK is the key-encryption key every test server shares: they share
// one database, so they must open each other's signing keys.
var testKEK = []byte("0123456789abcdef0123456789abcdef")

// clock is a settable clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// lockedBuffer collects log output from concurrent handlers.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// secretPattern matches every kind of secret the server hands out:
// refresh tokens, codes, sign-in links, sessions, API keys, and JWTs.
var secretPattern = regexp.MustCompile(`pm[rcls]_[A-Za-z0-9_-]{43}|pm_live_[0-9a-f]{64}|eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+`)

// harness is a real Server on a real Neo4j behind an httptest.Server, with
// a protected endpoint, a browser, a mail sink and captured logs. At the
// end of each test it checks that no secret it saw anywhere reached the
// logs, and that no error response carried one.
type harness struct {
	t       *testing.T
	srv     *oauth.Server
	store   oauth.Store
	ts      *httptest.Server
	url     string
	mailDir string
	logs    *lockedBuffer
	clock   *clock

	mu      sync.Mutex
	secrets map[string]bool
}

func newHarness(t *testing.T) *harness { t.Helper(); return newHarnessWith(t, nil) }

// newHarnessWith lets a test mount its own routes (mount may replace
// "/mcp") before the server starts.
func newHarnessWith(t *testing.T, mount func(h *harness, mux *http.ServeMux)) *harness {
	t.Helper()
	store := neo4jtest.Open(t)
	h := &harness{t: t, store: store, mailDir: t.TempDir(), logs: &lockedBuffer{}, clock: &clock{t: time.Now().UTC()}, secrets: map[string]bool{}}
	h.ts = httptest.NewUnstartedServer(nil)
	h.url = "http://" + h.ts.Listener.Addr().String()
	h.srv = h.newServer(h.url)
	mux := http.NewServeMux()
	h.srv.Register(mux)
	protected := func(scope string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			p, err := h.srv.Authenticate(r)
			if err == nil && scope != "" {
				err = oauth.RequireScope(p, scope)
			}
			if err != nil {
				h.srv.WriteChallenge(w, err)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(map[string]any{
				"owner": p.Owner, "scopes": p.Scopes, "client_id": p.ClientID, "via": p.Via,
				"memories": []string{"the memory of " + string(p.Owner)},
			})
		}
	}
	mux.Handle("/api/v1/memories", protected(oauth.ScopeRead))
	mux.Handle("/api/v1/conflicts/resolve", protected(oauth.ScopeWrite))
	if mount != nil {
		mount(h, mux)
	} else {
		mux.Handle("/mcp", protected(""))
	}
	h.ts.Config.Handler = mux
	h.ts.Start()
	t.Cleanup(h.ts.Close)
	t.Cleanup(h.checkNoSecretsLogged)
	return h
}

// newServer builds a Server for publicURL on the harness's store, clock,
// mail sink and log buffer.
func (h *harness) newServer(publicURL string) *oauth.Server {
	h.t.Helper()
	srv, err := oauth.New(context.Background(), oauth.Config{
		PublicURL:        publicURL,
		Store:            h.store,
		Mailer:           oauth.DirMailer{Dir: h.mailDir},
		Logger:           slog.New(slog.NewJSONHandler(h.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		KeyEncryptionKey: testKEK,
		Now:              h.clock.Now,
	})
	if err != nil {
		h.t.Fatalf("oauth.New: %v", err)
	}
	return srv
}

func (h *harness) resource() string { return h.url + "/mcp" }

// note records every secret in s.
func (h *harness) note(s string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, m := range secretPattern.FindAllString(s, -1) {
		h.secrets[m] = true
	}
}

func (h *harness) checkNoSecretsLogged() {
	// Secrets also reach the mail sink: note those too.
	files, _ := filepath.Glob(filepath.Join(h.mailDir, "*.eml"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		h.note(decodeMail(b))
	}
	logs := h.logs.String()
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.secrets) == 0 {
		return
	}
	for s := range h.secrets {
		if strings.Contains(logs, s) {
			h.t.Errorf("a secret (%s…) appears in the logs", s[:6])
		}
		// Hashes are not secrets, but a plaintext must not even be
		// logged in part.
		if len(s) > 20 && strings.Contains(logs, s[len(s)-16:]) {
			h.t.Errorf("part of a secret (%s…) appears in the logs", s[:6])
		}
	}
}

// recorder notes the secrets of every exchange and fails the test when an
// error response carries one.
type recorder struct {
	h    *harness
	next http.RoundTripper
}

func (rt recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	var reqBody []byte
	if req.Body != nil {
		reqBody, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(reqBody))
	}
	rt.h.note(req.URL.String())
	rt.h.note(string(reqBody))
	rt.h.note(fmt.Sprint(req.Header))
	resp, err := rt.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	rt.h.note(string(body))
	rt.h.note(fmt.Sprint(resp.Header))
	if resp.StatusCode >= 400 {
		if m := secretPattern.FindString(string(body)); m != "" {
			rt.h.t.Errorf("%s %s answered %d with a secret (%s…) in its body", req.Method, req.URL.Path, resp.StatusCode, m[:6])
		}
		if m := secretPattern.FindString(resp.Header.Get("WWW-Authenticate")); m != "" {
			rt.h.t.Errorf("%s %s answered %d with a secret in WWW-Authenticate", req.Method, req.URL.Path, resp.StatusCode)
		}
	}
	return resp, nil
}

// client is a non-browser HTTP client (the OAuth client's) that records.
func (h *harness) client() *http.Client {
	return &http.Client{Transport: recorder{h, http.DefaultTransport}, Timeout: 30 * time.Second}
}

// browser is a user agent with cookies that does not follow redirects, so
// tests see every Location.
type browser struct {
	h *harness
	c *http.Client
}

func (h *harness) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{h: h, c: &http.Client{
		Jar: jar, Transport: recorder{h, http.DefaultTransport}, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// page is a fetched response.
type page struct {
	status   int
	body     string
	location string
	header   http.Header
}

func (b *browser) do(req *http.Request) page {
	b.h.t.Helper()
	resp, err := b.c.Do(req)
	if err != nil {
		b.h.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return page{status: resp.StatusCode, body: string(body), location: resp.Header.Get("Location"), header: resp.Header}
}

func (b *browser) get(u string) page {
	b.h.t.Helper()
	if strings.HasPrefix(u, "/") {
		u = b.h.url + u
	}
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	return b.do(req)
}

func (b *browser) post(path string, form url.Values) page {
	b.h.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, b.h.url+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.do(req)
}

var hiddenInput = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)

// hidden returns a page's hidden form fields (the first of each name).
func (p page) hidden() url.Values {
	v := url.Values{}
	for _, m := range hiddenInput.FindAllStringSubmatch(p.body, -1) {
		name, value := html.UnescapeString(m[1]), html.UnescapeString(m[2])
		if !v.Has(name) {
			v.Set(name, value)
		}
	}
	return v
}

// signIn completes the email-link sign-in from a sign-in page, returning
// the page the browser lands on after following the redirect.
func (b *browser) signIn(signInPage page, email string) page {
	b.h.t.Helper()
	if !strings.Contains(signInPage.body, `action="/oauth/signin"`) {
		b.h.t.Fatalf("expected the sign-in page, got %d: %s", signInPage.status, signInPage.body)
	}
	sent := b.post("/oauth/signin", url.Values{"email": {email}, "return_to": {signInPage.hidden().Get("return_to")}})
	if sent.status != http.StatusOK || !strings.Contains(sent.body, "Check your email") {
		b.h.t.Fatalf("sign-in form: %d %s", sent.status, sent.body)
	}
	link := b.h.lastLink(email)
	confirm := b.get(link)
	if confirm.status != http.StatusOK || !strings.Contains(confirm.body, html.EscapeString(strings.ToLower(email))) {
		b.h.t.Fatalf("link page: %d %s", confirm.status, confirm.body)
	}
	done := b.post("/oauth/signin/link", confirm.hidden())
	if done.status != http.StatusSeeOther {
		b.h.t.Fatalf("redeeming the link: %d %s", done.status, done.body)
	}
	return b.get(done.location)
}

var linkPattern = regexp.MustCompile(`https?://\S+/oauth/signin/link\?token=\S+`)

// lastLink reads the newest sign-in link mailed to email from the sink.
func (h *harness) lastLink(email string) string {
	h.t.Helper()
	files, _ := filepath.Glob(filepath.Join(h.mailDir, "*.eml"))
	slices.Sort(files)
	for i := len(files) - 1; i >= 0; i-- {
		b, err := os.ReadFile(files[i])
		if err != nil {
			h.t.Fatal(err)
		}
		msg := decodeMail(b)
		if !strings.Contains(msg, "To: "+strings.ToLower(email)+"\r\n") {
			continue
		}
		if m := linkPattern.FindString(msg); m != "" {
			return m
		}
	}
	h.t.Fatalf("no sign-in link mailed to %s in %s", email, h.mailDir)
	return ""
}

// decodeMail returns a sink file's headers and decoded body.
func decodeMail(b []byte) string {
	head, body, _ := strings.Cut(string(b), "\r\n\r\n")
	dec, _ := io.ReadAll(quotedprintable.NewReader(strings.NewReader(body)))
	return head + "\r\n\r\n" + string(dec)
}

// registered is a dynamically registered client with its oauth2 config.
type registered struct {
	id   string
	conf *oauth2.Config
}

// register registers a public client with redirect URIs (the first is the
// one conf uses) and scopes ("" for the default).
func (h *harness) register(redirects []string, scope string) registered {
	h.t.Helper()
	body := map[string]any{"client_name": "Test Client", "redirect_uris": redirects, "token_endpoint_auth_method": "none"}
	if scope != "" {
		body["scope"] = scope
	}
	status, resp := h.postJSON("/oauth/register", body)
	if status != http.StatusCreated {
		h.t.Fatalf("register: %d %v", status, resp)
	}
	id, _ := resp["client_id"].(string)
	return registered{id: id, conf: &oauth2.Config{
		ClientID:    id,
		Endpoint:    oauth2.Endpoint{AuthURL: h.url + "/oauth/authorize", TokenURL: h.url + "/oauth/token", AuthStyle: oauth2.AuthStyleInParams},
		RedirectURL: redirects[0],
		Scopes:      strings.Fields(scope),
	}}
}

func (h *harness) postJSON(path string, body any) (int, map[string]any) {
	h.t.Helper()
	b, _ := json.Marshal(body)
	resp, err := h.client().Post(h.url+path, "application/json", bytes.NewReader(b))
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// postForm posts a form from the OAuth client (no cookies) and decodes the
// JSON answer.
func (h *harness) postForm(path string, form url.Values) (int, map[string]any) {
	h.t.Helper()
	resp, err := h.client().PostForm(h.url+path, form)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// authorization is the result of an authorization request that reached
// the client's redirect URI.
type authorization struct {
	verifier string
	query    url.Values
}

func (a authorization) code() string { return a.query.Get("code") }

// authorize runs the browser through authorization for c with extra
// parameters: sign-in when needed (as email), consent when asked (approve).
// It returns the query the client's redirect URI received.
func (h *harness) authorize(b *browser, c registered, email string, opts ...oauth2.AuthCodeOption) authorization {
	h.t.Helper()
	verifier := oauth2.GenerateVerifier()
	opts = append([]oauth2.AuthCodeOption{oauth2.S256ChallengeOption(verifier), oauth2.SetAuthURLParam("resource", h.resource())}, opts...)
	p := b.get(c.conf.AuthCodeURL("state-123", opts...))
	if strings.Contains(p.body, `action="/oauth/signin"`) {
		p = b.signIn(p, email)
	}
	if strings.Contains(p.body, `name="decision"`) {
		p = b.approve(p)
	}
	if p.status != http.StatusFound && p.status != http.StatusSeeOther {
		h.t.Fatalf("authorization did not redirect: %d %s", p.status, p.body)
	}
	return authorization{verifier: verifier, query: redirectQuery(h.t, p.location, c.conf.RedirectURL)}
}

// approve submits a consent page's form with decision=approve.
func (b *browser) approve(consent page) page {
	b.h.t.Helper()
	form := consent.hidden()
	form.Set("decision", "approve")
	return b.post("/oauth/authorize", form)
}

// redirectQuery checks location goes to redirect and returns its query.
func redirectQuery(t *testing.T, location, redirect string) url.Values {
	t.Helper()
	if !strings.HasPrefix(location, redirect+"?") {
		t.Fatalf("redirected to %q, want %s?…", location, redirect)
	}
	u, err := url.Parse(location)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query()
}

// exchange trades a code for tokens with golang.org/x/oauth2.
func (h *harness) exchange(c registered, a authorization) (*oauth2.Token, error) {
	ctx := context.WithValue(context.Background(), oauth2.HTTPClient, h.client())
	return c.conf.Exchange(ctx, a.code(), oauth2.VerifierOption(a.verifier), oauth2.SetAuthURLParam("resource", h.resource()))
}

func (h *harness) mustExchange(c registered, a authorization) *oauth2.Token {
	h.t.Helper()
	tok, err := h.exchange(c, a)
	if err != nil {
		h.t.Fatalf("exchange: %v", err)
	}
	return tok
}

// connect registers nothing: it authorizes c for email in a fresh browser
// and exchanges the code, returning the tokens and the browser.
func (h *harness) connect(c registered, email string, opts ...oauth2.AuthCodeOption) (*oauth2.Token, *browser) {
	h.t.Helper()
	b := h.browser()
	return h.mustExchange(c, h.authorize(b, c, email, opts...)), b
}

// call calls a protected path with a bearer credential.
func (h *harness) call(path, credential string) (int, map[string]any, http.Header) {
	h.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, h.url+path, nil)
	if credential != "" {
		req.Header.Set("Authorization", "Bearer "+credential)
	}
	resp, err := h.client().Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out, resp.Header
}

// mustCall asserts the call's status.
func (h *harness) mustCall(path, credential string, want int) map[string]any {
	h.t.Helper()
	status, body, hdr := h.call(path, credential)
	if status != want {
		h.t.Fatalf("GET %s: status %d (WWW-Authenticate %q, body %v), want %d", path, status, hdr.Get("WWW-Authenticate"), body, want)
	}
	return body
}

// refresh uses a refresh token directly, returning status and body.
func (h *harness) refresh(c registered, rt string, extra url.Values) (int, map[string]any) {
	h.t.Helper()
	form := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt}, "client_id": {c.id}}
	for k, v := range extra {
		form[k] = v
	}
	return h.postForm("/oauth/token", form)
}

func scopesOf(body map[string]any) []string {
	var out []string
	l, _ := body["scopes"].([]any)
	for _, s := range l {
		out = append(out, fmt.Sprint(s))
	}
	return out
}

func ownerOf(body map[string]any) schema.Owner {
	s, _ := body["owner"].(string)
	return schema.Owner(s)
}

func uniqueEmail(name string) string {
	return fmt.Sprintf("%s-%s@example.com", name, strings.TrimPrefix(schema.NewID("x"), "x"))
}

const loopback = "http://127.0.0.1:38111/callback"
