package stack

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"text/template"
	"time"
)

// renderPOM fills an embedded pom template with version.
func renderPOM(name, version string) ([]byte, error) {
	t, err := template.New(name).Option("missingkey=error").Parse(string(asset(name)))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, struct{ Version string }{version}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// installMavenLib makes <cache>/<component>-<version>/lib hold the runtime
// jars of the embedded pom template, resolved with
// mvn dependency:copy-dependencies. The lib directory appears whole (rename
// of a temporary directory) or not at all.
func installMavenLib(ctx context.Context, c Config, component, version, pomAsset string) (string, error) {
	dir := filepath.Join(c.CacheDir, component+"-"+version)
	lib := filepath.Join(dir, "lib")
	if countJars(lib) > 0 {
		return lib, nil
	}
	unlock, err := lockFile(ctx, filepath.Join(c.CacheDir, ".locks", component+"-"+version+".lock"))
	if err != nil {
		return "", err
	}
	defer unlock()
	if countJars(lib) > 0 { // another process finished it meanwhile
		return lib, nil
	}
	mvn, err := lookTool("mvn", "fetch the "+component+" jars from Maven Central")
	if err != nil {
		return "", err
	}
	pom, err := renderPOM(pomAsset, version)
	if err != nil {
		return "", err
	}
	pomPath := filepath.Join(dir, "pom.xml")
	if err := writeFileAtomic(pomPath, pom, 0o644); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(dir, ".lib-*")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp) // no-op after the rename
	log := c.installLog(component)
	start := time.Now()
	c.logger().Info("stack: installing jars with mvn (first run only)", slog.String("service", component),
		slog.String("version", version), slog.String("log", log))
	if err := runLogged(ctx, log, dir, nil, mvn, "-B", "-q", "-Dstyle.color=never", "-f", pomPath,
		"dependency:copy-dependencies", "-DoutputDirectory="+tmp, "-DincludeScope=runtime"); err != nil {
		return "", fmt.Errorf("stack: install %s %s: %w", component, version, err)
	}
	n := countJars(tmp)
	if n == 0 {
		return "", fmt.Errorf("stack: install %s %s: mvn copied no jars; see %s", component, version, log)
	}
	os.RemoveAll(lib) // an empty leftover
	if err := os.Rename(tmp, lib); err != nil {
		return "", err
	}
	c.logger().Info("stack: installed jars", slog.String("service", component), slog.Int("jars", n),
		slog.Duration("took", time.Since(start).Round(time.Millisecond)))
	return lib, nil
}

func countJars(dir string) int {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".jar") {
			n++
		}
	}
	return n
}

func (c Config) installLog(component string) string {
	return filepath.Join(c.CacheDir, "logs", component+"-install.log")
}

// classpath is the -cp value for the jars in lib (java expands the wildcard),
// preceded by extra entries.
func classpath(lib string, extra ...string) string {
	return strings.Join(append(extra, filepath.Join(lib, "*")), string(os.PathListSeparator))
}
