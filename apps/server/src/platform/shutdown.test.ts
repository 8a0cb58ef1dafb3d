import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type NodeChild, startServer, waitFor } from '../../test/server-process.js';

// A real server process (src/main.ts) is sent SIGTERM while a request is in flight.

const dataDirs: string[] = [];
const children: NodeChild[] = [];
afterAll(() => {
  for (const child of children) child.process.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function runningServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-shutdown-'));
  dataDirs.push(dataDir);
  const { server, baseUrl } = await startServer(dataDir, env);
  children.push(server);
  await server.waitForLine('the server to listen', (line) => String(line.msg).startsWith('eSign is ready'), 120_000);
  return { server, baseUrl };
}

const BODY = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });

/** A sign-in whose body is half sent: the request is in flight (the server has logged it) until `finish`. */
async function requestInFlight(server: NodeChild, baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString();
  });
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    `POST /api/v1/auth/sign_in HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY.slice(0, 10)}`,
  );
  await server.waitForLine(
    'the request to reach the server',
    (line) => line.msg === 'incoming request' && (line.req as { url?: string }).url === '/api/v1/auth/sign_in',
  );
  return {
    finish: async () => {
      socket.write(BODY.slice(10));
      await waitFor('the answer', () => answer.includes('\r\n\r\n') && answer);
      return answer;
    },
    ended,
    socket,
  };
}

/** What a new connection gets now: an answer's status, or the refusal. */
async function readyNow(baseUrl: string): Promise<number | 'refused'> {
  try {
    return (await fetch(`${baseUrl}/api/v1/ready`)).status;
  } catch {
    return 'refused';
  }
}

describe('SIGTERM', { timeout: 240_000 }, () => {
  it('stops accepting, answers the request in flight, then exits 0', async () => {
    const { server, baseUrl } = await runningServer();
    expect(await readyNow(baseUrl)).toBe(200);
    const inFlight = await requestInFlight(server, baseUrl);
    server.process.kill('SIGTERM');
    await server.waitForLine('the shutdown to start', (line) => line.msg === 'shutting down');
    // Until new connections are refused, readiness answers 503, never 200.
    const seen: (number | 'refused')[] = [];
    await waitFor('new connections to be refused', async () => {
      const status = await readyNow(baseUrl);
      seen.push(status);
      return status === 'refused';
    });
    expect(seen.filter((status) => status !== 'refused' && status !== 503)).toEqual([]);
    // The request in flight still gets its real answer.
    const answer = await inFlight.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('INVALID_CREDENTIALS');
    const exit = await server.exited;
    if (exit.code !== 0) console.log(server.text.slice(-4000));
    expect(exit.code).toBe(0);
    expect(server.lines().some((line) => line.msg === 'shut down')).toBe(true);
  });

  it('exits 1 once SHUTDOWN_TIMEOUT_SECONDS has passed with a request still in flight', async () => {
    const { server, baseUrl } = await runningServer({ SHUTDOWN_TIMEOUT_SECONDS: '2' });
    const inFlight = await requestInFlight(server, baseUrl);
    server.process.kill('SIGTERM');
    // The body never comes.
    expect((await server.exited).code).toBe(1);
    expect(server.lines().some((line) => line.msg === 'shutdown did not finish in time; exiting')).toBe(true);
    inFlight.socket.destroy();
  });
});
