package stack

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

const (
	neo4jReadyTimeout = 120 * time.Second
	neo4jStopGrace    = 60 * time.Second
	neo4jHeap         = "512m"
	neo4jPageCache    = "128m"
)

// jvmOpens are the flags the Neo4j server scripts pass to the JVM.
var jvmOpens = []string{
	"--add-opens=java.base/java.nio=ALL-UNNAMED",
	"--add-opens=java.base/java.io=ALL-UNNAMED",
	"--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
	"-Dio.netty.tryReflectionSetAccessible=true",
}

func neo4jService() *service {
	return &service{
		name:         ServiceNeo4j,
		ports:        []port{{number: Neo4jBoltPort, what: "neo4j Bolt"}},
		readyTimeout: neo4jReadyTimeout,
		stopGrace:    neo4jStopGrace,
		install:      installNeo4j,
		prepare:      prepareNeo4j,
		command:      neo4jCommand,
		probe:        probeNeo4j,
		address:      fmt.Sprintf("bolt://%s", hostPort(Neo4jBoltPort)),
	}
}

func (c Config) neo4jDir() string { return filepath.Join(c.CacheDir, "neo4j-"+Neo4jVersion) }

// launcherDir is where Launcher.class lives, keyed by the source's hash so an
// edited launcher is recompiled.
func (c Config) launcherDir() string {
	sum := sha256.Sum256(asset("Launcher.java"))
	return filepath.Join(c.neo4jDir(), "launcher-"+hex.EncodeToString(sum[:6]))
}

// launcherSource is the fallback used with java's source launcher when no
// javac is available.
func (c Config) launcherSource() string {
	return filepath.Join(c.launcherDir()+"-src", "Launcher.java")
}

func (c Config) neo4jReadyFile() string { return filepath.Join(c.StackDir, "run", "neo4j.ready") }

func installNeo4j(ctx context.Context, c Config) error {
	lib, err := installMavenLib(ctx, c, ServiceNeo4j, Neo4jVersion, "neo4j-pom.xml.tmpl")
	if err != nil {
		return err
	}
	classes := c.launcherDir()
	if fileExists(filepath.Join(classes, "Launcher.class")) || fileExists(c.launcherSource()) {
		return nil
	}
	if err := compileLauncher(ctx, c, lib, classes); err != nil {
		return err
	}
	// Launchers built from earlier sources are no longer used.
	old, _ := filepath.Glob(filepath.Join(c.neo4jDir(), "launcher-*"))
	for _, d := range old {
		if d != classes && d != filepath.Dir(c.launcherSource()) {
			os.RemoveAll(d)
		}
	}
	return nil
}

// compileLauncher compiles the embedded Launcher.java into classes, or, when
// no javac is available, stores the source for java's source launcher.
func compileLauncher(ctx context.Context, c Config, lib, classes string) error {
	javac, err := javaTool("javac")
	if err != nil {
		c.logger().Warn("stack: no javac; neo4j launcher will run from source (slower start)", slog.Any("err", err))
		return writeFileAtomic(c.launcherSource(), asset("Launcher.java"), 0o644)
	}
	tmp, err := os.MkdirTemp(c.neo4jDir(), ".launcher-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	src := filepath.Join(tmp, "Launcher.java")
	if err := os.WriteFile(src, asset("Launcher.java"), 0o644); err != nil {
		return err
	}
	begin := time.Now()
	if err := runLogged(ctx, c.installLog(ServiceNeo4j), tmp, nil, javac,
		"-nowarn", "-cp", classpath(lib), "-d", tmp, src); err != nil {
		return fmt.Errorf("stack: compile neo4j launcher: %w", err)
	}
	if err := os.Rename(tmp, classes); err != nil {
		return err
	}
	c.logger().Info("stack: compiled neo4j launcher", slog.Duration("took", time.Since(begin).Round(time.Millisecond)))
	return nil
}

// neo4jConf is written to <data>/neo4j/neo4j.conf before each start.
func neo4jConf() []byte {
	return []byte("# Written by the persistmemory stack before each start; edit stack/neo4j.go instead.\n" +
		"server.memory.pagecache.size=" + neo4jPageCache + "\n" +
		// Without this each database preallocates a 256 MiB transaction log.
		"db.tx_log.preallocate=false\n")
}

func prepareNeo4j(_ context.Context, c Config) error {
	home := c.dataDir(ServiceNeo4j)
	if err := os.MkdirAll(home, 0o755); err != nil {
		return err
	}
	if err := os.Remove(c.neo4jReadyFile()); err != nil && !os.IsNotExist(err) {
		return err
	}
	return writeFileAtomic(filepath.Join(home, "neo4j.conf"), neo4jConf(), 0o644)
}

func neo4jCommand(c Config) (*exec.Cmd, error) {
	java, err := javaTool("java")
	if err != nil {
		return nil, err
	}
	lib := filepath.Join(c.neo4jDir(), "lib")
	args := []string{"-Xmx" + neo4jHeap, "-Dfile.encoding=UTF-8"}
	args = append(args, jvmOpens...)
	args = append(args, c.markerArg(ServiceNeo4j))
	main := "Launcher"
	if fileExists(filepath.Join(c.launcherDir(), "Launcher.class")) {
		args = append(args, "-cp", classpath(lib, c.launcherDir()))
	} else {
		args = append(args, "-cp", classpath(lib))
		main = c.launcherSource()
	}
	args = append(args, main, c.dataDir(ServiceNeo4j), strconv.Itoa(Neo4jBoltPort), Neo4jPassword, c.neo4jReadyFile())
	cmd := exec.Command(java, args...)
	cmd.Dir = c.dataDir(ServiceNeo4j)
	return cmd, nil
}

// probeNeo4j completes a Bolt handshake; when our process runs it also
// requires the launcher's ready file, written after the password is set.
func probeNeo4j(ctx context.Context, c Config, pid int) error {
	if err := boltHandshake(ctx, hostPort(Neo4jBoltPort)); err != nil {
		return err
	}
	if pid > 0 {
		if got, _ := readPID(c.neo4jReadyFile()); got != pid {
			return fmt.Errorf("neo4j launcher has not reported ready yet")
		}
	}
	return nil
}

// boltHandshake sends the Bolt preamble offering 5.0–5.8 and 4.4 and expects
// the server to pick one.
func boltHandshake(ctx context.Context, addr string) error {
	conn, err := dialProbe(ctx, addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	req := []byte{
		0x60, 0x60, 0xB0, 0x17, // magic
		0x00, 0x08, 0x08, 0x05, // 5.8 down to 5.0
		0x00, 0x00, 0x04, 0x04, // 4.4
		0, 0, 0, 0,
		0, 0, 0, 0,
	}
	if _, err := conn.Write(req); err != nil {
		return err
	}
	var resp [4]byte
	if _, err := io.ReadFull(conn, resp[:]); err != nil {
		return fmt.Errorf("bolt handshake: %w", err)
	}
	if binary.BigEndian.Uint32(resp[:]) == 0 || bytes.Equal(resp[:], []byte("HTTP")) {
		return fmt.Errorf("bolt handshake: no common protocol version (got % x)", resp)
	}
	return nil
}

// dialProbe connects to addr with a short deadline for the whole exchange.
func dialProbe(ctx context.Context, addr string) (net.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	deadline, _ := ctx.Deadline()
	conn.SetDeadline(deadline)
	return conn, nil
}
