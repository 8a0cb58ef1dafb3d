import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prettyFactory } from 'pino-pretty';
import { afterAll, describe, expect, it } from 'vitest';
import { type NodeChild, startServer, waitFor } from '../../test/server-process.js';
import { loggerOptions, PRETTY_OPTIONS } from './logging.js';

describe('the log format', () => {
  it('is JSON lines off a terminal and readable lines on one (LOG_FORMAT overrides)', () => {
    expect(loggerOptions('info', 'auto', false)).toEqual({ level: 'info' });
    expect(loggerOptions('info', 'json', true)).toEqual({ level: 'info' });
    expect(loggerOptions('debug', 'auto', true)).toMatchObject({
      level: 'debug',
      transport: { target: 'pino-pretty', options: { colorize: true, singleLine: true } },
    });
    expect(loggerOptions('info', 'pretty', false)).toMatchObject({ transport: { options: { colorize: false } } });
  });

  it('prints one readable line per event', () => {
    const pretty = prettyFactory({ ...PRETTY_OPTIONS, colorize: false });
    const base = { level: 30, time: Date.UTC(2026, 0, 2, 3, 4, 5), pid: 1234, hostname: 'vm', reqId: 'r-1' };
    const incoming = pretty({
      ...base,
      req: { method: 'GET', url: '/api/v1/user', host: 'x' },
      msg: 'incoming request',
    });
    const completed = pretty({ ...base, res: { statusCode: 200 }, responseTime: 3.5, msg: 'request completed' });
    const failed = pretty({ ...base, level: 50, err: { type: 'Error', message: 'boom' }, msg: 'job failed' });
    for (const line of [incoming, completed, failed]) {
      expect(line.trimEnd().split('\n')).toHaveLength(1);
      expect(line).not.toContain('1234');
      expect(line.startsWith('{')).toBe(false);
    }
    expect(incoming).toContain('INFO');
    expect(incoming).toContain('incoming request GET /api/v1/user');
    expect(incoming).toContain('r-1');
    expect(completed).toContain('request completed 200 in 3.5 ms');
    expect(failed).toContain('ERROR');
    expect(failed).toContain('boom');
  });
});

const dataDirs: string[] = [];
const children: NodeChild[] = [];
afterAll(() => {
  for (const child of children) child.process.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the real server with LOG_FORMAT=pretty', { timeout: 180_000 }, () => {
  it('logs readable lines through pino-pretty', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'esign-logs-'));
    dataDirs.push(dataDir);
    const { server } = await startServer(dataDir, { LOG_FORMAT: 'pretty' });
    children.push(server);
    const ready = await waitFor(
      'the server to listen',
      () => server.text.split('\n').find((line) => line.includes('eSign is ready at')),
      120_000,
    );
    expect(ready).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO/);
    expect(server.lines()).toEqual([]);
    server.process.kill('SIGTERM');
    await server.exited;
  });
});
