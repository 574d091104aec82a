package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/internal/testenv"
	"github.com/persistmemory/persistmemory/schema"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// binary builds persistmemory once per test run.
func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "pm-e2e-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "persistmemory")
		out, err := exec.Command("go", "build", "-o", binPath, "../cmd/persistmemory").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// requireStack skips (fails under CI) when the real stack is not up.
func requireStack(t *testing.T) {
	t.Helper()
	for _, addr := range []string{hostport(testenv.Get("NEO4J_URI")), testenv.Get("KAFKA_BROKERS"), hostport(testenv.Get("WEAVIATE_URL"))} {
		c, err := net.DialTimeout("tcp", addr, 2*time.Second)
		if err != nil {
			testenv.Unavailable(t, "%s is not reachable: %v (run: persistmemory stack up)", addr, err)
		}
		c.Close()
	}
}

func hostport(u string) string {
	_, rest, _ := strings.Cut(u, "://")
	h, _, _ := strings.Cut(rest, "/")
	return h
}

// baseEnv is the environment of a spawned binary: the stack's addresses.
func baseEnv(extra ...string) []string {
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	for _, k := range []string{"NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "KAFKA_BROKERS", "WEAVIATE_URL", "WEAVIATE_GRPC"} {
		env = append(env, k+"="+testenv.Get(k))
	}
	for _, k := range []string{"PERSISTMEMORY_CACHE", "PERSISTMEMORY_MODEL_DIR", "ONNXRUNTIME_LIB"} {
		if v := os.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return append(env, extra...)
}

// runID keeps this run's Kafka topics apart from other runs on the broker.
var runID = strconv.FormatInt(time.Now().UnixNano(), 36)

// withTopic gives the processes of one top-level test their own jobs topic
// (and so their own consumer group), unless env names one: a process of
// another test, stopping, can then never hold the partitions this test's
// jobs wait on while the group rebalances.
func withTopic(t *testing.T, env []string) []string {
	for _, kv := range env {
		if strings.HasPrefix(kv, "KAFKA_TOPIC=") {
			return env
		}
	}
	name, _, _ := strings.Cut(t.Name(), "/")
	return append(slices.Clone(env), "KAFKA_TOPIC=e2e."+runID+"."+name)
}

// proc is a running persistmemory process.
type proc struct {
	cmd    *exec.Cmd
	stderr *bytes.Buffer
	mu     *sync.Mutex
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func start(t *testing.T, env []string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Env = withTopic(t, env)
	p := &proc{cmd: cmd, stderr: &bytes.Buffer{}, mu: &sync.Mutex{}}
	cmd.Stderr = lockedWriter{p.mu, p.stderr}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.stop(); p.dumpOnFailure(t) })
	return p
}

func (p *proc) logs() string { p.mu.Lock(); defer p.mu.Unlock(); return p.stderr.String() }

func (p *proc) dumpOnFailure(t *testing.T) {
	if t.Failed() {
		t.Logf("stderr of %v:\n%s", p.cmd.Args, p.logs())
	}
}

func (p *proc) stop() {
	if p.cmd.ProcessState != nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		_ = p.cmd.Process.Kill()
		<-done
	}
}

func (p *proc) kill() {
	_ = p.cmd.Process.Kill()
	_ = p.cmd.Wait()
}

func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// service runs `persistmemory serve` and waits for /readyz.
type service struct {
	*proc
	base string
	key  string
	user schema.Owner
}

func startService(t *testing.T, extraEnv []string, args ...string) *service {
	t.Helper()
	requireStack(t)
	addr := freeAddr(t)
	env := baseEnv(append([]string{"PERSISTMEMORY_ADDR=" + addr}, extraEnv...)...)
	p := start(t, env, append([]string{"serve"}, args...)...)
	s := &service{proc: p, base: "http://" + addr}
	deadline := time.Now().Add(90 * time.Second)
	for {
		resp, err := http.Get(s.base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if p.cmd.ProcessState != nil || time.Now().After(deadline) {
			t.Fatalf("service did not become ready; stderr:\n%s", p.logs())
		}
		time.Sleep(200 * time.Millisecond)
	}
	s.user = schema.Owner(schema.NewID("usr_"))
	s.key = createKey(t, s.user)
	return s
}

func createKey(t *testing.T, user schema.Owner) string {
	t.Helper()
	cmd := exec.Command(binary(t), "apikey", "create", "--user", string(user), "--name", "e2e")
	cmd.Env = baseEnv("KAFKA_BROKERS=", "EMBEDDING_PROVIDER=none")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("apikey create: %v\n%s", err, stderr.String())
	}
	key := strings.TrimSpace(string(out))
	if !strings.HasPrefix(key, "pm_live_") {
		t.Fatalf("apikey create printed %q", key)
	}
	if strings.Contains(stderr.String(), key) {
		t.Fatal("the API key appears in the logs")
	}
	return key
}

// call sends a request with the service's key and decodes the JSON answer.
func (s *service) call(t *testing.T, method, path string, body any, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	return s.raw(t, method, path, "application/json", rd, out)
}

func (s *service) raw(t *testing.T, method, path, contentType string, body io.Reader, out any) int {
	t.Helper()
	req, err := http.NewRequest(method, s.base+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Authorization", "Bearer "+s.key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %d, body not JSON: %q", method, path, resp.StatusCode, data)
		}
	}
	return resp.StatusCode
}

type jobResp struct {
	JobID  string     `json:"jobId"`
	Status string     `json:"status"`
	Job    schema.Job `json:"job"`
}

func (s *service) waitJob(t *testing.T, id string, within time.Duration) schema.Job {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		var j jobResp
		code := s.call(t, "GET", "/api/v1/jobs/"+id, nil, &j)
		if code == http.StatusTooManyRequests {
			time.Sleep(time.Second)
			continue
		}
		if code != 200 {
			t.Fatalf("GET job %s: %d", id, code)
		}
		if j.Job.State == schema.JobCompleted || j.Job.State == schema.JobFailed {
			return j.Job
		}
		if time.Now().After(deadline) {
			t.Fatalf("job %s still %s after %s", id, j.Job.State, within)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// countMemories counts an owner's Memory nodes directly in Neo4j.
func countMemories(t *testing.T, owner schema.Owner) int64 { return countNodes(t, owner, "Memory") }

// lines splits a reader into lines for the stdio test.
func lines(r io.Reader) *bufio.Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	return sc
}

// countNodes counts an owner's nodes of one label directly in Neo4j.
func countNodes(t *testing.T, owner schema.Owner, label string) int64 {
	t.Helper()
	ctx := context.Background()
	d, err := neo4j.NewDriverWithContext(testenv.Get("NEO4J_URI"), neo4j.BasicAuth(testenv.Get("NEO4J_USER"), testenv.Get("NEO4J_PASSWORD"), ""))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close(ctx)
	res, err := neo4j.ExecuteQuery(ctx, d, "MATCH (n:"+label+" {owner: $o}) RETURN count(n) AS n", map[string]any{"o": string(owner)}, neo4j.EagerResultTransformer)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := res.Records[0].Get("n")
	return n.(int64)
}

// countWithText counts an owner's nodes whose text, claim or excerpt holds s.
func countWithText(t *testing.T, owner schema.Owner, s string) int64 {
	t.Helper()
	ctx := context.Background()
	d, err := neo4j.NewDriverWithContext(testenv.Get("NEO4J_URI"), neo4j.BasicAuth(testenv.Get("NEO4J_USER"), testenv.Get("NEO4J_PASSWORD"), ""))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close(ctx)
	res, err := neo4j.ExecuteQuery(ctx, d, `CALL { MATCH (n {owner: $o}) WHERE n.text CONTAINS $s OR n.claim CONTAINS $s OR n.excerpt CONTAINS $s RETURN n
		UNION MATCH (n {owner: $o})-[r]->() WHERE r.excerpt CONTAINS $s RETURN n } RETURN count(n) AS n`, map[string]any{"o": string(owner), "s": s}, neo4j.EagerResultTransformer)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := res.Records[0].Get("n")
	return n.(int64)
}
