import type { FastifyServerOptions } from 'fastify';

/** LOG_FORMAT: `json` (one JSON object a line), `pretty` (one readable line an event), or `auto` (pretty on a terminal). */
export type LogFormat = 'json' | 'pretty' | 'auto';

/**
 * pino-pretty's settings: one line per event (the time, the level, the message, a request's method and path or its
 * status and time, then any other fields inline), without the process's id and host.
 */
export const PRETTY_OPTIONS = {
  singleLine: true,
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,req,res,responseTime',
  // An error inline too (pino-pretty would print it, with its stack, over several lines).
  errorLikeObjectKeys: [],
  messageFormat:
    '{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} {res.statusCode} in {responseTime} ms{end}',
};

/**
 * The server's logger: JSON lines for log collectors (what a service manager or a container's output gets), and one
 * readable line per event when standard output is a terminal (`npm start`, `npm run dev`), through pino-pretty in
 * pino's transport thread.
 */
export function loggerOptions(
  level: string,
  format: LogFormat,
  isTerminal = process.stdout.isTTY === true,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  const isPretty = format === 'pretty' || (format === 'auto' && isTerminal);
  if (!isPretty) return { level };
  return { level, transport: { target: 'pino-pretty', options: { ...PRETTY_OPTIONS, colorize: isTerminal } } };
}
