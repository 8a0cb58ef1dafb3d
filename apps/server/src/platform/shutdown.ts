import type { FastifyInstance } from 'fastify';

/**
 * SIGINT and SIGTERM close the application: no new requests, running jobs get a few seconds (JobQueue.stop),
 * then LibreOffice is stopped and the database closed. A second signal while it closes exits at once: Ctrl-C in
 * a terminal reaches `npm start` and the server alike, and each passes it on, so one Ctrl-C or one SIGTERM to
 * the group often arrives twice. `process.exit` runs the 'exit' listeners (LibreOffice's end among them), which
 * a signal's default action, taken once a one-time listener has gone, would not.
 */
export function closeOnSignals(app: FastifyInstance): void {
  let isClosing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (isClosing) {
      app.log.warn({ signal }, 'second signal while shutting down; exiting at once');
      process.exit(1);
    }
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
