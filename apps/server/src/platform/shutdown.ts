import type { FastifyInstance } from 'fastify';

/**
 * SIGINT and SIGTERM close the application gracefully: the server stops accepting connections and readiness
 * answers 503 (`lifecycle.isShuttingDown`, set by the close), requests in flight are answered, running jobs get to
 * finish (JobQueue.stop), then LibreOffice is stopped and the database closed, and the process exits 0. All of it
 * within SHUTDOWN_TIMEOUT_SECONDS: past it the process exits 1 at once (a job cut off is retried by the next
 * process). A second signal while it closes exits at once too: Ctrl-C in a terminal reaches `npm start` and the
 * server alike, and each passes it on, so one Ctrl-C or one SIGTERM to the group often arrives twice.
 * `process.exit` runs the 'exit' listeners (LibreOffice's end among them), which a signal's default action, taken
 * once a one-time listener has gone, would not.
 */
export function closeOnSignals(app: FastifyInstance): void {
  let isClosing = false;
  const boundMs = app.platform.config.shutdownTimeoutSeconds * 1000;
  const onSignal = (signal: NodeJS.Signals) => {
    if (isClosing) {
      app.log.warn({ signal }, 'second signal while shutting down; exiting at once');
      process.exit(1);
    }
    isClosing = true;
    const startedAt = Date.now();
    app.platform.lifecycle.isShuttingDown = true;
    app.log.info({ signal, boundMs }, 'shutting down');
    setTimeout(() => {
      app.log.error({ boundMs }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, boundMs).unref();
    app.close().then(
      () => {
        app.log.info({ durationMs: Date.now() - startedAt }, 'shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
