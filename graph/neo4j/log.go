package neo4j

import (
	"context"
	"fmt"
	"log/slog"

	drvlog "github.com/neo4j/neo4j-go-driver/v5/neo4j/log"
)

// driverLogger adapts the driver's logger interface to slog, so the driver
// writes wherever the process logs (stderr) and never to stdout. Messages
// are formatted only when their level is enabled.
type driverLogger struct {
	logger *slog.Logger
}

var _ drvlog.Logger = driverLogger{}

// Error logs at debug level: the driver reports here every error a
// transaction function returns, including retried transient failures and
// this package's own not-found results, and every error that matters also
// reaches the caller, translated.
func (l driverLogger) Error(name, id string, err error) {
	ctx := context.Background()
	if !l.logger.Enabled(ctx, slog.LevelDebug) {
		return
	}
	l.logger.LogAttrs(ctx, slog.LevelDebug, "neo4j driver error",
		slog.String("driver_component", name), slog.String("driver_id", id), slog.Any("err", err))
}

func (l driverLogger) Warnf(name, id string, msg string, args ...any) {
	l.logf(slog.LevelWarn, name, id, msg, args)
}

// Infof logs at debug level: the driver's info lines are connection
// bookkeeping ("Connecting to…", "Closed") that would drown the service's
// own info lines.
func (l driverLogger) Infof(name, id string, msg string, args ...any) {
	l.logf(slog.LevelDebug, name, id, msg, args)
}

func (l driverLogger) Debugf(name, id string, msg string, args ...any) {
	l.logf(slog.LevelDebug, name, id, msg, args)
}

func (l driverLogger) logf(level slog.Level, name, id, msg string, args []any) {
	ctx := context.Background()
	if !l.logger.Enabled(ctx, level) {
		return
	}
	l.logger.LogAttrs(ctx, level, fmt.Sprintf(msg, args...),
		slog.String("driver_component", name), slog.String("driver_id", id))
}
