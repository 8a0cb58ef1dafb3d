import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../bench/server-process.js';
import { type NodeChild, processesNaming, startServer, waitFor } from '../../../test/server-process.js';
import { OfficeConverter } from './office-converter.js';

// Issue 15: LibreOffice outlived a killed server. It ran in a process group of its own (so that stopping it ends
// soffice.bin too), which a SIGKILL of the server does not reach; its bridge, killed with the server's group or
// dying of a broken pipe when it answered a server that was gone, never ended it; and a second SIGTERM or SIGINT
// (npm passing a signal on) took node's default action, which skips the 'exit' listener that ends LibreOffice.

const isInstalled = new OfficeConverter(tmpdir(), pino({ level: 'silent' })).isInstalled();

describe.runIf(isInstalled)('LibreOffice ends with the server', { timeout: 120_000 }, () => {
  let dataDir: string;
  const started: NodeChild[] = [];

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'esign-office-life-'));
    // The server's temporary files (the conversion's folder) go there too, where this test can see them.
    mkdirSync(join(dataDir, 'tmp'));
  });
  afterAll(() => {
    for (const server of started) server.process.kill('SIGKILL');
    for (const { pid } of processesNaming(dataDir)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every process of a LibreOffice of this test's servers: oosplash, soffice.bin, the bridge. */
  const officeProcesses = () => processesNaming(dataDir);
  const profiles = () => readdirSync(dataDir).filter((name) => name.startsWith('libreoffice-profile-'));

  async function warmServer(serverDataDir = dataDir) {
    const { server, baseUrl } = await startServer(serverDataDir, { TMPDIR: join(dataDir, 'tmp') });
    started.push(server);
    await server.waitForLine('LibreOffice ready', (line) => line.msg === 'LibreOffice is ready');
    expect(officeProcesses().map((office) => office.name)).toEqual(
      expect.arrayContaining(['oosplash', 'soffice.bin', 'python3']),
    );
    return { server, baseUrl };
  }

  async function expectNoneLeft() {
    await waitFor('no LibreOffice left', () => officeProcesses().length === 0, 5_000).catch(() => {
      throw new Error(`left running: ${JSON.stringify(officeProcesses(), null, 1)}`);
    });
  }

  it('SIGTERM: LibreOffice is stopped and its profile removed', async () => {
    const { server } = await warmServer();
    server.process.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await expectNoneLeft();
    expect(profiles()).toEqual([]);
  });

  it('SIGINT: the same', async () => {
    const { server } = await warmServer();
    server.process.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await expectNoneLeft();
    expect(profiles()).toEqual([]);
  });

  it('two SIGTERMs in a row (npm start passes a signal on): the second exits at once, LibreOffice with it', async () => {
    const { server } = await warmServer();
    server.process.kill('SIGTERM');
    server.process.kill('SIGTERM');
    expect((await server.exited).signal).toBeNull();
    await expectNoneLeft();
    expect(profiles()).toEqual([]);
  });

  it('SIGKILL while LibreOffice is starting', async () => {
    // Killed as soon as the first of its processes appears. LibreOffice used to be started before its bridge, and a
    // kill between the two starts (which this poll hit now and then on a loaded machine) left a LibreOffice with no
    // bridge to end it; the bridge now starts first and finds LibreOffice by its profile.
    const { server } = await startServer(dataDir);
    started.push(server);
    await waitFor('LibreOffice spawned', () => officeProcesses().length > 0);
    server.process.kill('SIGKILL');
    await server.exited;
    await expectNoneLeft();
  });

  it('SIGKILL in the middle of a conversion', async () => {
    // A data folder of its own: the next start there would convert the file again (issue 15's other half).
    const { server, baseUrl } = await warmServer(join(dataDir, 'converting'));
    const token = await loggedInUser(baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    const document = (await (
      await fetch(`${baseUrl}/api/v1/documents`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'others' }),
      })
    ).json()) as { id: string };
    // Some 20 seconds of LibreOffice's work: 50,000 lines of text laid out on pages.
    const text = Array.from({ length: 50_000 }, (_, line) => `Clause ${line}: the parties agree to the terms.`);
    const form = new FormData();
    form.append('upload', new Blob([text.join('\n')]), 'terms.txt');
    const upload = await fetch(`${baseUrl}/api/v1/documents/${document.id}/file_upload`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(upload.status).toBe(200);
    // The conversion's folder exists while LibreOffice converts the file.
    await waitFor('the conversion to start', () =>
      readdirSync(join(dataDir, 'tmp')).some((name) => name.startsWith('esign-convert-')),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.process.kill('SIGKILL');
    await server.exited;
    await expectNoneLeft();
  });

  it('what escapes (the server and its bridge killed together) is ended by the next start', async () => {
    const { server } = await warmServer();
    const bridge = officeProcesses().find((office) => office.name === 'python3');
    if (!bridge) throw new Error('no bridge');
    // Stopped, the bridge cannot see the server's end before it is killed itself.
    process.kill(bridge.pid, 'SIGSTOP');
    server.process.kill('SIGKILL');
    await server.exited;
    process.kill(bridge.pid, 'SIGKILL');
    // The profiles left before were removed by this server's start: this one is the killed server's.
    const [leftProfile = ''] = profiles();
    expect(profiles()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const left = processesNaming(join(dataDir, leftProfile)).map((office) => office.name);
    expect(left).toEqual(expect.arrayContaining(['oosplash', 'soffice.bin']));

    const next = await warmServer();
    expect(processesNaming(join(dataDir, leftProfile))).toEqual([]);
    expect(profiles()).not.toContain(leftProfile);
    next.server.process.kill('SIGTERM');
    await next.server.exited;
    await expectNoneLeft();
  });
});
