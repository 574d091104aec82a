package oauth

import (
	"bytes"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"time"
)

// The pages are server-rendered and self-contained: no scripts, no
// third-party resources, never framed.
var pages = template.Must(template.New("layout").Parse(`{{define "layout"}}<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PersistMemory</title>
<style>
body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b;line-height:1.5}
h1{font-size:1.4rem}ul{padding-left:1.2rem}li{margin:.4rem 0}.muted{color:#555;font-size:.9rem}
button{font-size:1rem;padding:.5rem 1.2rem;margin-right:.5rem}input[type=email],input[type=text]{font-size:1rem;padding:.4rem;width:100%;box-sizing:border-box}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem;border-bottom:1px solid #ddd}.secret{font-family:monospace;word-break:break-all;background:#f3f3f3;padding:.5rem}
</style></head><body>{{template "body" .}}</body></html>{{end}}`))

var pageBodies = map[string]string{
	"error": `{{define "body"}}<h1>Something is wrong with this request</h1><p>{{.Message}}</p>{{end}}`,
	"signin": `{{define "body"}}<h1>Sign in to PersistMemory</h1>
{{if .Problem}}<p><strong>{{.Problem}}</strong></p>{{end}}
<p>Enter your email address. We will send you a link that signs you in; the same address always reaches the same memory.</p>
<form method="post" action="/oauth/signin">
<input type="hidden" name="return_to" value="{{.ReturnTo}}">
<p><input type="email" name="email" required autocomplete="email" placeholder="you@example.com"></p>
<p><button type="submit">Email me a sign-in link</button></p></form>{{end}}`,
	"sent": `{{define "body"}}<h1>Check your email</h1><p>We sent a sign-in link to <strong>{{.Email}}</strong>. It works once, for {{.Minutes}} minutes.</p>
<p class="muted">You can close this page; the link continues where you left off.</p>{{end}}`,
	"confirm": `{{define "body"}}<h1>Sign in as {{.Email}}?</h1>
<p>Continue only if you asked for this link yourself.</p>
<form method="post" action="/oauth/signin/link"><input type="hidden" name="token" value="{{.Token}}">
<button type="submit">Continue signing in</button></form>{{end}}`,
	"consent": `{{define "body"}}<h1>{{.ClientName}} wants to use your PersistMemory</h1>
<p>Signed in as <strong>{{.Email}}</strong>.</p>
<p>If you approve, <strong>{{.ClientName}}</strong> will be able to:</p>
<ul>{{range .Scopes}}<li>{{.Description}}{{if .Held}} <span class="muted">(already approved)</span>{{end}}</li>{{end}}</ul>
<p class="muted">It will be sent back to {{.RedirectHost}}. You can disconnect it at any time from your account page, and it stops working at once.{{if not .ClientNamed}} The application did not give a name.{{end}}</p>
<form method="post" action="/oauth/authorize">
{{range .Params}}<input type="hidden" name="{{.Name}}" value="{{.Value}}">
{{end}}<input type="hidden" name="csrf" value="{{.CSRF}}">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button></form>
<form method="post" action="/oauth/signout"><input type="hidden" name="csrf" value="{{.CSRF}}"><p class="muted">Not {{.Email}}? <button type="submit">Sign out</button></p></form>{{end}}`,
	"signedout": `{{define "body"}}<h1>Signed out</h1><p>You can close this page.</p>{{end}}`,
	"account": `{{define "body"}}<h1>Your PersistMemory account</h1>
<p>Signed in as <strong>{{.Email}}</strong>.</p>
{{if .NewKey}}<h2>Your new API key</h2><p>Copy it now: it is shown once and cannot be shown again.</p><p class="secret">{{.NewKey}}</p>{{end}}
<h2>Connected applications</h2>
{{if .Consents}}<p class="muted">Uncheck a permission and save to take it away; the application loses it on its next request. Disconnecting takes every permission away.</p>
<table><tr><th>Application</th><th>May</th><th></th></tr>
{{range .Consents}}<tr><td>{{.Name}}</td><td>
<form method="post" action="/account/consents/narrow"><input type="hidden" name="csrf" value="{{$.CSRF}}"><input type="hidden" name="client_id" value="{{.ClientID}}">
{{range .Scopes}}<label><input type="checkbox" name="{{.Field}}" value="on" checked> {{.Description}}</label><br>
{{end}}<button type="submit">Save permissions</button></form></td><td>
<form method="post" action="/account/consents/revoke"><input type="hidden" name="csrf" value="{{$.CSRF}}"><input type="hidden" name="client_id" value="{{.ClientID}}"><button type="submit">Disconnect</button></form></td></tr>{{end}}</table>
{{else}}<p>None.</p>{{end}}
<h2>API keys</h2>
{{if .Keys}}<table><tr><th>Name</th><th>Ends in</th><th>Created</th><th></th></tr>
{{range .Keys}}<tr><td>{{.Name}}</td><td>…{{.Hint}}</td><td>{{.Created}}</td><td>{{if .Revoked}}revoked{{else}}
<form method="post" action="/account/keys/revoke"><input type="hidden" name="csrf" value="{{$.CSRF}}"><input type="hidden" name="id" value="{{.ID}}"><button type="submit">Revoke</button></form>{{end}}</td></tr>{{end}}</table>
{{else}}<p>None.</p>{{end}}
<form method="post" action="/account/keys"><input type="hidden" name="csrf" value="{{.CSRF}}">
<p><input type="text" name="name" maxlength="100" placeholder="A name to recognise the key by"></p><p><button type="submit">Create an API key</button></p></form>
<form method="post" action="/oauth/signout"><input type="hidden" name="csrf" value="{{.CSRF}}"><p><button type="submit">Sign out</button></p></form>{{end}}`,
}

var pageTemplates = func() map[string]*template.Template {
	m := map[string]*template.Template{}
	for name, body := range pageBodies {
		m[name] = template.Must(template.Must(pages.Clone()).Parse(body))
	}
	return m
}()

// page renders a page with headers that keep it out of frames, caches and
// Referer headers (a sign-in link's URL carries its token).
func (s *Server) page(w http.ResponseWriter, status int, name string, data any) {
	var b bytes.Buffer
	if err := pageTemplates[name].ExecuteTemplate(&b, "layout", data); err != nil {
		s.log.Error("oauth: render page", "page", name, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'")
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

func (s *Server) errorPage(w http.ResponseWriter, status int, message string) {
	s.page(w, status, "error", map[string]any{"Message": message})
}

func (s *Server) internalPage(w http.ResponseWriter, r *http.Request, what string, err error) {
	status, _ := serverErrorCode(err)
	s.log.ErrorContext(r.Context(), "oauth: "+what, "err", err)
	s.errorPage(w, status, "The server could not complete this step. Try again in a moment.")
}

func (s *Server) signInPage(w http.ResponseWriter, status int, returnTo, problem string) {
	s.page(w, status, "signin", map[string]any{"ReturnTo": returnTo, "Problem": problem})
}

type formParam struct{ Name, Value string }

type consentScope struct {
	Description string
	Held        bool
}

func (s *Server) consentPage(w http.ResponseWriter, req authRequest, acct Account, consent Consent, csrf string) {
	held := consent.ScopeNames()
	var scopes []consentScope
	for _, sc := range req.Scopes {
		scopes = append(scopes, consentScope{Description: ScopeDescription(sc), Held: slices.Contains(held, sc)})
	}
	var params []formParam
	v := req.params("")
	for _, k := range authParams {
		if vs, ok := v[k]; ok {
			params = append(params, formParam{k, vs[0]})
		}
	}
	name := req.Client.Name
	if name == "" {
		name = "An unnamed application"
	}
	host := req.RedirectURI
	if u, err := url.Parse(req.RedirectURI); err == nil {
		host = u.Host
	}
	s.page(w, http.StatusOK, "consent", map[string]any{
		"ClientName": name, "ClientNamed": req.Client.Name != "", "Email": acct.Email, "Scopes": scopes,
		"RedirectHost": host, "Params": params, "CSRF": csrf,
	})
}

func formatDate(t time.Time) string { return t.UTC().Format("2 Jan 2006") }
