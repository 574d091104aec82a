package mcp

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/schema"
)

// Uploads: request_upload_url issues a one-time URL on this server,
// UploadHandler receives the file's bytes at it, and attach_upload re-reads
// what was stored and hands it to the same pipeline as remember. The URL
// carries a random secret of which only the SHA-256 is stored (with the
// upload, in the graph, scoped to the owner who asked); it lives
// UploadTTL and takes one transfer. A transfer must announce its
// Content-Length; one over graph.MaxUploadBytes, or cut short, is recorded
// as refused and spends the URL, so attach_upload can say what went wrong.
// attach_upload refuses, each in a sentence, an upload that did not arrive,
// is empty, too large, truncated (what is stored is not what was announced,
// or does not match the hash taken when it arrived), or not UTF-8 text; so
// a broken transfer never becomes a memory.

const (
	// UploadPath is where UploadHandler is mounted; the secret follows it.
	UploadPath = "/uploads/"
	// UploadTTL is how long an upload URL lives.
	UploadTTL = 10 * time.Minute
	// MaxFilenameBytes bounds request_upload_url's filename.
	MaxFilenameBytes = 255
)

const hintUpload = "use an upload_id request_upload_url returned"

// uploadTokenLen is the length of a secret: 32 random bytes, unpadded
// base64url.
var uploadTokenLen = base64.RawURLEncoding.EncodedLen(32)

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// uploadTools are request_upload_url and attach_upload.
func uploadTools() []tool {
	return []tool{
		newTool("request_upload_url", ScopeCapture, &gomcp.Tool{
			Title:       "Request an upload URL",
			Description: "A one-time URL for uploading a real file. Never put file bytes in a tool argument — anything past a few kilobytes is truncated on the way through and the stored document is then not the file. The URL lives ten minutes and takes one HTTP PUT of the file with its Content-Length (for example curl -T file URL); the Space is fixed here. Then call attach_upload with the upload_id. Only UTF-8 text files of at most 256 KiB can be remembered.",
			Annotations: &gomcp.ToolAnnotations{DestructiveHint: ptr(false)},
		}, requestUploadURL),
		newTool("attach_upload", ScopeCapture, &gomcp.Tool{
			Title:       "Attach an upload",
			Description: "Hands a landed upload to the pipeline. It re-reads the stored object and fails if the upload did not arrive, is empty, is too large or is truncated — so a broken transfer is never turned into a memory. It returns a job id at once, like remember; ingestion_status shows what became of it.",
			Annotations: &gomcp.ToolAnnotations{DestructiveHint: ptr(false)},
		}, attachUpload),
	}
}

type uploadURLOut struct {
	UploadID  string    `json:"upload_id"`
	URL       string    `json:"url"`
	Method    string    `json:"method"`
	ExpiresAt time.Time `json:"expires_at"`
	MaxBytes  int       `json:"max_bytes"`
	SpaceID   string    `json:"space_id,omitempty"`
	Message   string    `json:"message"`
}

func checkText(field, v string, max int, required bool) error {
	switch {
	case strings.TrimSpace(v) == "" && required:
		return fmt.Errorf("%w: the %s is empty", schema.ErrInvalid, field)
	case len(v) > max:
		return fmt.Errorf("%w: the %s is %d bytes long; the limit is %d bytes", schema.ErrTooLarge, field, len(v), max)
	case !utf8.ValidString(v):
		return fmt.Errorf("%w: the %s is not valid UTF-8", schema.ErrInvalid, field)
	}
	for _, r := range v {
		if r < 0x20 || r == 0x7f {
			return fmt.Errorf("%w: the %s contains a control character", schema.ErrInvalid, field)
		}
	}
	return nil
}

func requestUploadURL(ctx context.Context, svc Services, c Caller, in uploadIn) (uploadURLOut, error) {
	if err := checkText("filename", in.Filename, MaxFilenameBytes, true); err != nil {
		return uploadURLOut{}, err
	}
	if err := checkText("content_type", in.ContentType, 127, false); err != nil {
		return uploadURLOut{}, err
	}
	if svc.Graph == nil || svc.Pipeline == nil {
		return uploadURLOut{}, notServing("uploading")
	}
	if svc.PublicURL == "" {
		return uploadURLOut{}, fmt.Errorf("%w: files are received by the HTTP server (persistmemory serve), and this server has no public URL to issue an upload URL at; no URL was issued. Short text can be handed to remember instead", schema.ErrUnavailable)
	}
	space := in.SpaceID
	if space == "" {
		space = svc.State.space(c)
	} else if err := checkID("space_id", space); err != nil {
		return uploadURLOut{}, err
	}
	where := "the personal Space"
	if space != "" {
		sp, err := svc.Graph.Space(ctx, c.Owner, space)
		if err != nil {
			return uploadURLOut{}, lookup(err, "Space", space, "list_spaces gives the ids of the person's Spaces")
		}
		where = fmt.Sprintf("the Space %q", sp.Name)
	}
	var secret [32]byte
	_, _ = rand.Read(secret[:]) // crypto/rand.Read never fails
	token := base64.RawURLEncoding.EncodeToString(secret[:])
	now := svc.State.now().UTC()
	u := graph.Upload{ID: schema.NewID("upl_"), SpaceID: space, Filename: in.Filename, ContentType: in.ContentType,
		TokenHash: hashToken(token), CreatedAt: now, ExpiresAt: now.Add(UploadTTL)}
	if err := svc.Graph.CreateUpload(ctx, c.Owner, u); err != nil {
		return uploadURLOut{}, err
	}
	url := strings.TrimSuffix(svc.PublicURL, "/") + UploadPath + token
	return uploadURLOut{UploadID: u.ID, URL: url, Method: http.MethodPut, ExpiresAt: u.ExpiresAt, MaxBytes: graph.MaxUploadBytes, SpaceID: space,
		Message: fmt.Sprintf("PUT the file's bytes to the url before %s, with its Content-Length (for example: curl -T %q '%s'). The URL works once. Then call attach_upload with upload_id %s; it will be filed in %s. Only UTF-8 text of at most %d bytes can be remembered.",
			u.ExpiresAt.Format(time.RFC3339), in.Filename, url, u.ID, where, graph.MaxUploadBytes)}, nil
}

type attachOut struct {
	JobID    string `json:"jobId"`
	Status   string `json:"status"`
	UploadID string `json:"upload_id"`
	SpaceID  string `json:"spaceId,omitempty"`
	Bytes    int    `json:"bytes"`
	Message  string `json:"message"`
}

// againHint ends every refusal of a broken upload.
const againHint = "nothing was remembered; ask for a new URL with request_upload_url and upload the file again"

// checkUpload names what is wrong with an upload re-read from the store.
func checkUpload(u graph.Upload, now time.Time) error {
	switch {
	case u.JobID != "":
		return fmt.Errorf("%w: upload %s was already handed to the pipeline as job %s (ingestion_status shows what became of it); it is not handed in twice", schema.ErrConflict, u.ID, u.JobID)
	case u.ReceivedAt == nil && now.After(u.ExpiresAt):
		return fmt.Errorf("%w: upload %s did not arrive: its URL expired at %s with nothing received; %s", schema.ErrNotFound, u.ID, u.ExpiresAt.UTC().Format(time.RFC3339), againHint)
	case u.ReceivedAt == nil:
		return fmt.Errorf("%w: upload %s has not arrived yet: nothing was PUT to its URL, which expires at %s. Upload the file, then call attach_upload again", schema.ErrNotFound, u.ID, u.ExpiresAt.UTC().Format(time.RFC3339))
	case u.DeclaredSize > graph.MaxUploadBytes || int64(len(u.Content)) > graph.MaxUploadBytes:
		return fmt.Errorf("%w: upload %s is too large: %d bytes were announced and the limit is %d bytes; %s", schema.ErrTooLarge, u.ID, max(u.DeclaredSize, int64(len(u.Content))), graph.MaxUploadBytes, againHint)
	case u.Refused != "":
		return fmt.Errorf("%w: upload %s was refused when it arrived (%s); %s", schema.ErrInvalid, u.ID, u.Refused, againHint)
	case u.DeclaredSize == 0 && len(u.Content) == 0:
		return fmt.Errorf("%w: upload %s is empty: 0 bytes arrived; %s", schema.ErrInvalid, u.ID, againHint)
	}
	sum := sha256.Sum256(u.Content)
	if int64(len(u.Content)) != u.DeclaredSize || int64(len(u.Content)) != u.Size || hex.EncodeToString(sum[:]) != u.SHA256 {
		return fmt.Errorf("%w: upload %s is truncated: %d bytes were announced but %d are stored, or they are not the bytes that arrived; %s", schema.ErrInvalid, u.ID, u.DeclaredSize, len(u.Content), againHint)
	}
	if strings.TrimSpace(string(u.Content)) == "" {
		return fmt.Errorf("%w: upload %s is empty: it holds only whitespace; %s", schema.ErrInvalid, u.ID, againHint)
	}
	if !utf8.Valid(u.Content) || strings.ContainsRune(string(u.Content), 0) {
		return fmt.Errorf("%w: upload %s is not UTF-8 text, and only text files can be remembered in this deployment; nothing was remembered", schema.ErrInvalid, u.ID)
	}
	return nil
}

func attachUpload(ctx context.Context, svc Services, c Caller, in attachIn) (attachOut, error) {
	if err := checkID("upload_id", in.UploadID); err != nil {
		return attachOut{}, err
	}
	if svc.Graph == nil || svc.Pipeline == nil {
		return attachOut{}, notServing("uploading")
	}
	u, err := svc.Graph.Upload(ctx, c.Owner, in.UploadID)
	if err != nil {
		return attachOut{}, lookup(err, "upload", in.UploadID, hintUpload)
	}
	if err := checkUpload(u, svc.State.now()); err != nil {
		return attachOut{}, err
	}
	if err := svc.Graph.ClaimUpload(ctx, c.Owner, u.ID); err != nil {
		if errors.Is(err, schema.ErrConflict) {
			return attachOut{}, fmt.Errorf("%w: upload %s is already being handed to the pipeline by another call, or was; see ingestion_status", schema.ErrConflict, u.ID)
		}
		return attachOut{}, lookup(err, "upload", in.UploadID, hintUpload)
	}
	source := "upload: " + u.Filename
	if len(source) > ingest.MaxSourceLen {
		source = strings.ToValidUTF8(source[:ingest.MaxSourceLen], "")
	}
	job, err := svc.Pipeline.Remember(ctx, c.Owner, ingest.RememberInput{Text: string(u.Content), SpaceID: u.SpaceID, Source: source})
	if err != nil {
		if ferr := svc.Graph.FinishUpload(context.WithoutCancel(ctx), c.Owner, u.ID, ""); ferr != nil {
			svc.log().Warn("release upload claim", "upload", u.ID, "err", ferr)
		}
		return attachOut{}, err
	}
	if err := svc.Graph.FinishUpload(context.WithoutCancel(ctx), c.Owner, u.ID, job.ID); err != nil {
		// The material is durable and queued; only the record of which job
		// took it is missing, and a second attach stays claimed until
		// UploadClaimTTL.
		svc.log().Warn("record upload job", "upload", u.ID, "job", job.ID, "err", err)
	}
	where := "the personal Space"
	if u.SpaceID != "" {
		where = "Space " + u.SpaceID
	}
	return attachOut{JobID: job.ID, Status: string(job.State), UploadID: u.ID, SpaceID: u.SpaceID, Bytes: len(u.Content),
		Message: fmt.Sprintf("%q (%d bytes, re-read and complete) was accepted for processing and filed in %s; it becomes searchable once the job completes (see ingestion_status).", u.Filename, len(u.Content), where)}, nil
}

// UploadHandler receives files PUT to upload URLs (mount it at
// UploadPath). The URL's secret is the only credential: the upload it
// names belongs to the person who asked for it.
func UploadHandler(svc Services) http.Handler {
	log := svc.log()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		answer := func(status int, msg string) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(status)
			_, _ = io.WriteString(w, msg+"\n")
		}
		if r.Method != http.MethodPut {
			w.Header().Set("Allow", http.MethodPut)
			answer(http.StatusMethodNotAllowed, "Upload the file with PUT.")
			return
		}
		token := strings.TrimPrefix(r.URL.Path, UploadPath)
		if len(token) != uploadTokenLen || strings.Trim(token, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
			answer(http.StatusNotFound, "This upload URL is unknown or has expired; ask for a new one (request_upload_url).")
			return
		}
		if svc.Graph == nil {
			answer(http.StatusServiceUnavailable, "Uploads are not served by this deployment.")
			return
		}
		if r.ContentLength < 0 {
			answer(http.StatusLengthRequired, "Content-Length is required, so a cut-off transfer can be told from a complete one; nothing was stored and the URL still works.")
			return
		}
		declared := r.ContentLength
		rec := graph.UploadReceipt{DeclaredSize: declared}
		status, msg := http.StatusCreated, ""
		switch {
		case declared > graph.MaxUploadBytes:
			rec.Refused = fmt.Sprintf("too large: %d bytes announced, the limit is %d", declared, graph.MaxUploadBytes)
			status, msg = http.StatusRequestEntityTooLarge, fmt.Sprintf("Refused: the file is %d bytes and the limit is %d bytes. Nothing was stored.", declared, graph.MaxUploadBytes)
		case declared == 0:
			status, msg = http.StatusBadRequest, "Refused: the file is empty."
		default:
			body, err := io.ReadAll(io.LimitReader(r.Body, declared))
			rec.Content = body
			if err != nil || int64(len(body)) < declared {
				rec.Refused = fmt.Sprintf("truncated: %d of %d bytes arrived", len(body), declared)
				status, msg = http.StatusBadRequest, fmt.Sprintf("Refused: the transfer was cut off after %d of %d bytes.", len(body), declared)
			}
		}
		u, err := svc.Graph.SystemReceiveUpload(r.Context(), hashToken(token), rec)
		switch {
		case errors.Is(err, schema.ErrNotFound):
			answer(http.StatusNotFound, "This upload URL is unknown or has expired; ask for a new one (request_upload_url).")
			return
		case errors.Is(err, schema.ErrConflict):
			answer(http.StatusConflict, "This upload URL was already used; it takes one transfer. Ask for a new one (request_upload_url).")
			return
		case err != nil:
			log.Error("receive upload", "err", err)
			answer(http.StatusInternalServerError, "The upload could not be stored; it has been logged.")
			return
		}
		log.Info("upload received", "upload", u.ID, "bytes", len(rec.Content), "declared", declared, "refused", rec.Refused, slog.Int("status", status))
		if status != http.StatusCreated {
			answer(status, msg+" The URL is spent; ask for a new one (request_upload_url).")
			return
		}
		answer(status, fmt.Sprintf("Received %d bytes for upload %s. Call attach_upload with upload_id %s to hand it to the pipeline.", len(rec.Content), u.ID, u.ID))
	})
}
