package stack

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestConfigValidate(t *testing.T) {
	ok := Config{CacheDir: "/c", StackDir: "/s"}
	tests := []struct {
		name    string
		mutate  func(*Config)
		wantErr string // substring; empty means valid
	}{
		{"defaults", func(*Config) {}, ""},
		{"subset", func(c *Config) { c.Services = []string{ServiceKafka, ServiceNeo4j} }, ""},
		{"empty cache", func(c *Config) { c.CacheDir = "" }, "CacheDir is empty"},
		{"relative stack", func(c *Config) { c.StackDir = ".stack" }, `StackDir ".stack" must be an absolute path`},
		{"same dirs", func(c *Config) { c.StackDir = "/c/" }, "must differ"},
		{"unknown service", func(c *Config) { c.Services = []string{"redis"} }, `unknown service "redis"`},
		{"duplicate service", func(c *Config) { c.Services = []string{ServiceKafka, ServiceKafka} }, "listed twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ok
			tt.mutate(&c)
			err := c.Validate()
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Validate() = %v, want nil", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("Validate() = %v, want error containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestSelectedKeepsStartOrder(t *testing.T) {
	c := Config{Services: []string{ServiceWeaviate, ServiceNeo4j}}
	if got, want := c.selected(), []string{ServiceNeo4j, ServiceWeaviate}; !slices.Equal(got, want) {
		t.Fatalf("selected() = %v, want %v", got, want)
	}
	if got := (Config{}).selected(); !slices.Equal(got, AllServices()) {
		t.Fatalf("selected() of nil Services = %v, want all", got)
	}
}

func TestStartGroupsCoverEveryServiceOnce(t *testing.T) {
	var all []string
	for _, g := range startGroups() {
		all = append(all, g...)
	}
	slices.Sort(all)
	want := slices.Sorted(slices.Values(AllServices()))
	if !slices.Equal(all, want) {
		t.Fatalf("startGroups() cover %v, want each of %v once", all, want)
	}
}

func TestDefaultConfig(t *testing.T) {
	t.Run("env", func(t *testing.T) {
		t.Setenv(EnvCacheDir, "/tmp/pm-cache")
		t.Setenv(EnvStackDir, "/tmp/pm-stack")
		c, err := DefaultConfig()
		if err != nil {
			t.Fatal(err)
		}
		if c.CacheDir != "/tmp/pm-cache" || c.StackDir != "/tmp/pm-stack" {
			t.Fatalf("DefaultConfig() = %+v", c)
		}
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("repository root", func(t *testing.T) {
		t.Setenv(EnvStackDir, "")
		t.Setenv(EnvCacheDir, "")
		c, err := DefaultConfig()
		if err != nil {
			t.Fatal(err)
		}
		// Tests run in <repo>/stack; the root is its parent.
		wd, _ := os.Getwd()
		if want := filepath.Join(filepath.Dir(wd), ".stack"); c.StackDir != want {
			t.Fatalf("StackDir = %q, want %q", c.StackDir, want)
		}
		if filepath.Base(c.CacheDir) != "persistmemory" {
			t.Fatalf("CacheDir = %q, want .../persistmemory", c.CacheDir)
		}
	})
}

func TestRepoRootFallsBackToDir(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "a", "b")
	os.MkdirAll(sub, 0o755)
	if got := repoRoot(sub); got != sub {
		t.Fatalf("repoRoot = %q, want %q (no go.mod of ours above)", got, sub)
	}
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+modulePath+"\n\ngo 1.26\n"), 0o644)
	if got := repoRoot(sub); got != dir {
		t.Fatalf("repoRoot = %q, want %q", got, dir)
	}
}

func TestUnknownServiceIsSentinel(t *testing.T) {
	c := Config{CacheDir: "/c", StackDir: t.TempDir()}
	err := Logs(t.Context(), c, "redis", nil, 10)
	if !errors.Is(err, ErrUnknownService) {
		t.Fatalf("Logs(redis) = %v, want ErrUnknownService", err)
	}
}

func TestJavaToolHonoursJavaHome(t *testing.T) {
	home := t.TempDir()
	t.Setenv("JAVA_HOME", home)
	if _, err := javaTool("java"); err == nil || !strings.Contains(err.Error(), "JAVA_HOME") {
		t.Fatalf("javaTool with an empty JAVA_HOME = %v, want an error naming JAVA_HOME", err)
	}
	os.MkdirAll(filepath.Join(home, "bin"), 0o755)
	os.WriteFile(filepath.Join(home, "bin", "java"), []byte("#!/bin/sh\n"), 0o755)
	if got, err := javaTool("java"); err != nil || got != filepath.Join(home, "bin", "java") {
		t.Fatalf("javaTool = %q, %v", got, err)
	}
}
