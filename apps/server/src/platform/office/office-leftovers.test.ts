import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { endLeftovers, processesNaming, writeOwner } from './office-leftovers.js';

let dir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'esign-leftovers-'));
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A process that names `path` on its command line, as LibreOffice names its profile. */
function processNaming(path: string): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)', path], { stdio: 'ignore' });
  children.push(child);
  return child.pid ?? 0;
}

function profile(name: string, owner?: object): string {
  const path = join(dir, name);
  mkdirSync(path);
  if (owner) writeFileSync(join(path, 'owner.json'), JSON.stringify(owner));
  return path;
}

const isAlive = (pid: number) => existsSync(`/proc/${pid}/cmdline`) && processesNaming(dir).includes(pid);

it.runIf(existsSync('/proc/self/stat'))(
  "ends the processes and folder of a dead server's profile, and nothing else",
  async () => {
    const deadPid = spawnSync('true').pid;
    const dead = profile('libreoffice-profile-1-aaaaaaaa', { host: hostname(), pid: deadPid, startTime: '1' });
    const live = profile('libreoffice-profile-2-bbbbbbbb');
    writeOwner(live);
    const elsewhere = profile('libreoffice-profile-3-cccccccc', { host: 'another-container', pid: deadPid });
    const ownerlessNew = profile(`libreoffice-profile-${deadPid}-dddddddd`);
    const ownerlessOld = profile(`libreoffice-profile-${deadPid}-eeeeeeee`);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    utimesSync(ownerlessOld, twoMinutesAgo, twoMinutesAgo);
    const unrelated = join(dir, 'not-a-profile');

    const inDead = processNaming(dead);
    const inLive = processNaming(live);
    const inElsewhere = processNaming(elsewhere);
    const inUnrelated = processNaming(unrelated);
    await vi.waitFor(() => expect([inDead, inLive, inElsewhere, inUnrelated].every(isAlive)).toBe(true));

    endLeftovers(dir, pino({ level: 'silent' }));
    await vi.waitFor(() => expect(isAlive(inDead)).toBe(false));

    expect(existsSync(dead)).toBe(false);
    expect(existsSync(ownerlessOld)).toBe(false);
    // A running server's (this one), one of another machine or container, one just being made: left alone.
    expect([inLive, inElsewhere, inUnrelated].every(isAlive)).toBe(true);
    expect([live, elsewhere, ownerlessNew].every((path) => existsSync(path))).toBe(true);
  },
);
