import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Each LibreOffice a server starts has a profile folder of its own, `libreoffice-profile-<server pid>-<random>`,
 * named on LibreOffice's command line (and the bridge's), with `owner.json` saying which process started it.
 * A server that ends normally removes it; one killed at the wrong moment may leave the folder and, if its bridge
 * was killed too, LibreOffice itself: the next start ends both (`endLeftovers`).
 */
const PROFILE_NAME = /^libreoffice-profile-(\d+)-[0-9a-f]{8}$/;
const OWNER_FILE = 'owner.json';
/** A folder without its owner file is taken for a leftover only once it is this old (it may be just made). */
const OWNERLESS_AFTER_MS = 60_000;

interface Owner {
  host: string;
  pid: number;
  /** The process's start time (clock ticks after boot): a later process with the same pid has another. */
  startTime?: string | undefined;
}

export function profileFolderName(): string {
  return `libreoffice-profile-${process.pid}-${randomUUID().slice(0, 8)}`;
}

/** Field 22 of /proc/<pid>/stat; undefined where there is no such process or no /proc. */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces; field 3 follows the last ') '.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

export function writeOwner(profile: string): void {
  const owner: Owner = { host: hostname(), pid: process.pid, startTime: processStartTime(process.pid) };
  writeFileSync(join(profile, OWNER_FILE), JSON.stringify(owner));
}

function readOwner(profile: string): Owner | undefined {
  try {
    return JSON.parse(readFileSync(join(profile, OWNER_FILE), 'utf8')) as Owner;
  } catch {
    return undefined;
  }
}

function isRunning(owner: Owner): boolean {
  // A server on another machine or in another container may share DATA_DIR: its processes are not visible here.
  if (owner.host !== hostname()) return true;
  if (owner.startTime !== undefined && existsSync('/proc/self/stat')) {
    return processStartTime(owner.pid) === owner.startTime;
  }
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This machine's processes whose command line names `text` (read from /proc; none where there is no /proc). */
export function processesNaming(text: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) found.push(Number(entry));
    } catch {}
  }
  return found;
}

/**
 * Ends what servers that no longer run left in `profileDir`: the LibreOffice and bridge processes naming one of
 * their profile folders (a folder's name is unique, so no unrelated process that reuses a pid is touched), then
 * the folder itself.
 */
export function endLeftovers(profileDir: string, log: FastifyBaseLogger): void {
  let names: string[];
  try {
    names = readdirSync(profileDir);
  } catch {
    return;
  }
  for (const name of names) {
    const match = PROFILE_NAME.exec(name);
    if (!match) continue;
    const profile = join(profileDir, name);
    const owner = readOwner(profile);
    if (owner ? isRunning(owner) : isRecentOrRunning(profile, Number(match[1]))) continue;
    const pids = processesNaming(profile);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
    rmSync(profile, { recursive: true, force: true });
    log.warn({ profile, processesEnded: pids.length }, 'ended what LibreOffice of an ended server left');
  }
}

function isRecentOrRunning(profile: string, pid: number): boolean {
  try {
    if (Date.now() - statSync(profile).mtimeMs < OWNERLESS_AFTER_MS) return true;
  } catch {
    return true;
  }
  return isRunning({ host: hostname(), pid });
}
