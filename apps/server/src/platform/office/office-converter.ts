import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import { serverRoot } from '../paths.js';
import { endLeftovers, profileFolderName, writeOwner } from './office-leftovers.js';

export const LIBREOFFICE_MISSING =
  'Word, Excel, PowerPoint, OpenDocument, RTF, text, CSV and HTML files cannot be converted because LibreOffice is not installed on the server. Install the Debian packages libreoffice-writer, libreoffice-calc, libreoffice-impress and python3-uno.';

export class OfficeUnavailableError extends Error {}

/** Debian's Python, which has the UNO bridge (python3-uno); a Python from elsewhere on PATH has not. */
const SYSTEM_PYTHON = '/usr/bin/python3';

/** LibreOffice that does not answer its bridge within this is killed (and started again for the next file). */
export const OFFICE_START_TIMEOUT_MS = 60_000;
/** One file's conversion may take this long; then LibreOffice is killed and started again for the next. */
export const OFFICE_CONVERSION_TIMEOUT_MS = 120_000;

/**
 * LibreOffice's memory, bounded during a conversion and recycled between two. It never gives memory back
 * (measured: 92 MB at start, 725 MB after about 60 conversions), so the warm one is replaced by a fresh one after
 * `maxConversions` conversions, or after a file that left it above `RECYCLE_SHARE` of `maxResidentMb`, so the
 * next file starts with room. During a conversion a watchdog reads its processes' resident memory every
 * `WATCH_INTERVAL_MS` and ends it above `maxResidentMb` (OFFICE_MAX_MEMORY_MB): one file cannot take the server's
 * memory (issue 33: a 199 KB DOCX took it to 3.2 GB).
 */
export interface OfficeRecycling {
  maxConversions: number;
  maxResidentMb: number;
}

/**
 * The real-world corpus peaks at 224 MB on a fresh LibreOffice (a 30-sheet XLSX), 92 MB of which LibreOffice holds
 * before any file: 500 MB leaves twice that room for a file, and recycling above 300 MB (the earlier bound) keeps
 * a warm LibreOffice's start as it was.
 */
export const OFFICE_RECYCLING_DEFAULTS: OfficeRecycling = { maxConversions: 50, maxResidentMb: 500 };
/** A warm LibreOffice above this share of the bound after a file is replaced before the next. */
export const RECYCLE_SHARE = 0.6;
/**
 * How often the watchdog reads LibreOffice's memory during a conversion. The attack's file grows it by about 30 MB
 * a second (measured), so the bound is overshot by a few MB at most; the read is a few small /proc files.
 */
export const WATCH_INTERVAL_MS = 100;

/** Why a conversion was ended: the file needed more memory or more time than LibreOffice is given. */
export type OfficeLimit = 'memory' | 'time';

/** A conversion ended by a bound; the file, not the server, is at fault, so it is not tried again. */
export class OfficeLimitError extends Error {
  constructor(readonly limit: OfficeLimit) {
    super(limit === 'memory' ? 'LibreOffice went above its memory bound' : 'LibreOffice took too long');
    this.name = 'OfficeLimitError';
  }
}

interface Pending {
  id: string;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  watch: NodeJS.Timeout;
}

interface Running {
  office: ChildProcess;
  bridge: ChildProcess;
  profile: string;
  ready: Promise<void>;
}

/** LibreOffice's own settings for the dedicated profile: never fetch linked content or run macros. */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="UseOpenCL" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`;

/**
 * One warm LibreOffice, fed one document at a time by a small Python UNO bridge (bridge.py).
 * Requests queue; each has a time-out; when LibreOffice dies or hangs it is killed and started again
 * for the next request.
 *
 * LibreOffice lives only as long as this process. It runs in a process group of its own (`soffice` is a script
 * that starts oosplash, which starts soffice.bin), and the whole group is killed: by `stop`, by this process's
 * 'exit' (process.exit after a second signal, an uncaught error), and, when this process dies without either
 * (SIGKILL, the out-of-memory killer), by the bridge: its stdin is a pipe from this process, whose end it sees at
 * once, even mid-conversion, and it kills LibreOffice's group (found by its profile) before exiting; it starts
 * before LibreOffice, so no LibreOffice ever runs without it. The bridge is in a group of its
 * own too, so a signal to this process's group (a terminal's Ctrl-C) reaches only the server, which then stops
 * both. What escapes all of these (the server and its bridge killed together) is ended at the next start.
 */
export class OfficeConverter {
  private running: Running | undefined;
  private queue: Promise<void> = Promise.resolve();
  private pending: Pending | undefined;
  private stopped = false;
  private hasEndedLeftovers = false;
  private onProcessExit: (() => void) | undefined;
  /** Conversions done by the running LibreOffice, and how many times one was recycled (for tests and benches). */
  private conversions = 0;
  private recycledCount = 0;
  /** The most resident memory the watchdog read during a conversion (for tests and benches). */
  private peakResidentMb = 0;

  constructor(
    private readonly profileDir: string,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = OFFICE_CONVERSION_TIMEOUT_MS,
    private readonly officeBinary = 'soffice',
    private readonly recycling: OfficeRecycling = OFFICE_RECYCLING_DEFAULTS,
  ) {}

  /** How many times LibreOffice was recycled, the pid of the one running now, and its highest memory read. */
  get stats(): { recycled: number; officePid: number | undefined; peakMb: number } {
    return { recycled: this.recycledCount, officePid: this.running?.office.pid, peakMb: this.peakResidentMb };
  }

  /** Resident memory of the running LibreOffice's whole process group, in MB (0 when none runs). */
  async residentMb(): Promise<number> {
    const group = this.running?.office.pid;
    return group ? processGroupResidentMb(group) : 0;
  }

  /** Whether LibreOffice and Python's UNO bridge are installed. */
  isInstalled(): boolean {
    const office = spawnSync('sh', ['-c', `command -v ${this.officeBinary}`], { stdio: 'ignore' });
    if (office.status !== 0) return false;
    return spawnSync(SYSTEM_PYTHON, ['-c', 'import uno'], { stdio: 'ignore' }).status === 0;
  }

  /** Converts `input` to the PDF `output`; conversions run one after another. */
  convert(input: string, output: string, extension: string): Promise<void> {
    const job = this.queue.then(() => this.convertNow(input, output, extension));
    this.queue = job.catch(() => {});
    return job;
  }

  /** Starts LibreOffice ahead of the first conversion, so that one is fast too. */
  warmUp(): void {
    if (!this.isInstalled()) return;
    this.queue = this.queue
      .then(() => this.start().ready)
      .catch((error) => this.log.warn({ err: error }, 'LibreOffice did not start'));
  }

  private async convertNow(input: string, output: string, extension: string): Promise<void> {
    const running = this.start();
    await running.ready;
    const isFresh = this.conversions === 0;
    try {
      await this.send(running, { input, output, extension });
    } catch (error) {
      // A warm LibreOffice holds what earlier files left: the file gets one try on a fresh one before it is blamed.
      if (error instanceof OfficeLimitError && error.limit === 'memory' && !isFresh) {
        this.log.warn({ input }, 'LibreOffice went above its memory bound; trying the file on a fresh one');
        return await this.convertNow(input, output, extension);
      }
      throw error;
    } finally {
      // Still inside the queue: the next conversion waits for the recycle and then gets the fresh LibreOffice.
      if (this.running === running) await this.recycleIfDue(running);
    }
  }

  private async recycleIfDue(running: Running): Promise<void> {
    this.conversions++;
    const byCount = this.conversions >= this.recycling.maxConversions;
    const residentMb = byCount || !running.office.pid ? 0 : await processGroupResidentMb(running.office.pid);
    if (!byCount && residentMb <= this.recycling.maxResidentMb * RECYCLE_SHARE) return;
    this.log.info(
      { conversions: this.conversions, residentMb: Math.round(residentMb) },
      'Recycling LibreOffice (it does not give memory back)',
    );
    this.kill();
    this.recycledCount++;
    // Warm again at once, so the next file does not wait for the start.
    if (!this.stopped) this.warmUp();
  }

  /**
   * Hands one file to the bridge and waits for its answer, while a timer bounds its time and a watchdog its memory:
   * either ends LibreOffice (started again for the next file) and fails the file with an OfficeLimitError.
   */
  private send(running: Running, request: { input: string; output: string; extension: string }): Promise<void> {
    const id = randomUUID();
    const group = running.office.pid;
    const meter = group ? new GroupMeter(group) : undefined;
    let isReading = false;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => this.endPending(id, new OfficeLimitError('time'), request.input), this.timeoutMs);
      const watch = setInterval(async () => {
        if (!meter || isReading) return;
        isReading = true;
        const residentMb = await meter.residentMb();
        isReading = false;
        this.peakResidentMb = Math.max(this.peakResidentMb, residentMb);
        if (residentMb > this.recycling.maxResidentMb) {
          this.endPending(id, new OfficeLimitError('memory'), request.input);
        }
      }, WATCH_INTERVAL_MS);
      this.pending = { id, resolve, reject, timer, watch };
      running.bridge.stdin?.write(`${JSON.stringify({ id, ...request })}\n`);
    });
  }

  /** Ends the conversion `id` if it is still running: LibreOffice is killed, and the file fails with `error`. */
  private endPending(id: string, error: OfficeLimitError, input: string): void {
    const pending = this.pending;
    if (pending?.id !== id) return;
    this.pending = undefined;
    settle(pending);
    this.log.warn({ input, limit: error.limit }, `${error.message}; ending it`);
    this.kill();
    pending.reject(error);
  }

  private start(): Running {
    if (this.running) return this.running;
    if (this.stopped) throw new Error('The office converter is stopped');
    if (!this.isInstalled()) throw new OfficeUnavailableError(LIBREOFFICE_MISSING);
    if (!this.hasEndedLeftovers) {
      this.hasEndedLeftovers = true;
      endLeftovers(this.profileDir, this.log);
    }
    this.conversions = 0;
    // A profile of this process's own: a LibreOffice left behind by an earlier process cannot lock it.
    const profile = join(this.profileDir, profileFolderName());
    mkdirSync(join(profile, 'user'), { recursive: true });
    writeOwner(profile);
    writeFileSync(join(profile, 'user', 'registrymodifications.xcu'), PROFILE_SETTINGS);
    const pipeName = `esign-office-${process.pid}-${randomUUID().slice(0, 8)}`;
    // The bridge first: from the moment LibreOffice exists, a bridge is there to end it when this process dies
    // (it finds LibreOffice by its profile), even if that happens between these two starts.
    const bridge = spawn(
      SYSTEM_PYTHON,
      [
        join(serverRoot, 'src/platform/office/bridge.py'),
        `uno:pipe,name=${pipeName};urp;StarOffice.ComponentContext`,
        profile,
      ],
      { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
    );
    const office = spawn(
      this.officeBinary,
      [
        '--headless',
        '--invisible',
        '--nologo',
        '--nodefault',
        '--norestore',
        '--nolockcheck',
        `-env:UserInstallation=file://${profile}`,
        `--accept=pipe,name=${pipeName};urp;StarOffice.ComponentContext`,
      ],
      // Its own process group (its pid), killed as a whole.
      { stdio: 'ignore', detached: true },
    );
    const ready = new Promise<void>((resolve, reject) => {
      const startTimer = setTimeout(() => {
        if (this.running?.office === office) {
          this.log.warn('LibreOffice did not start in time; killing it');
          this.kill();
        }
        reject(new Error(`LibreOffice did not start within ${OFFICE_START_TIMEOUT_MS / 1000} s`));
      }, OFFICE_START_TIMEOUT_MS);
      startTimer.unref();
      const lines = createInterface({ input: bridge.stdout });
      lines.on('line', (line) => {
        let message: { ready?: boolean; id?: string; ok?: boolean; error?: string };
        try {
          message = JSON.parse(line);
        } catch {
          return;
        }
        if (message.ready) {
          clearTimeout(startTimer);
          this.log.info({ officePid: office.pid }, 'LibreOffice is ready');
          return resolve();
        }
        const pending = this.pending;
        if (!pending || pending.id !== message.id) return;
        this.pending = undefined;
        settle(pending);
        if (message.ok) pending.resolve();
        else pending.reject(new Error(message.error ?? 'LibreOffice could not convert the file'));
      });
      const onExit = (name: string) => () => {
        clearTimeout(startTimer);
        reject(new Error('LibreOffice stopped while starting'));
        if (this.running?.office !== office) return;
        this.log.warn(`${name} exited; LibreOffice will start again for the next file`);
        this.kill();
      };
      office.once('exit', onExit('LibreOffice'));
      bridge.once('exit', onExit('The LibreOffice bridge'));
    });
    // If this process ends without stopping the converter, LibreOffice ends with it.
    this.onProcessExit = () => this.end({ office, bridge, profile, ready });
    process.once('exit', this.onProcessExit);
    bridge.stderr?.on('data', (chunk: Buffer) => this.log.debug({ bridge: chunk.toString() }, 'office bridge'));
    ready.catch(() => {});
    this.running = { office, bridge, profile, ready };
    return this.running;
  }

  private kill(): void {
    const running = this.running;
    this.running = undefined;
    if (this.onProcessExit) process.off('exit', this.onProcessExit);
    this.onProcessExit = undefined;
    if (this.pending) {
      settle(this.pending);
      this.pending.reject(new Error('LibreOffice stopped during the conversion'));
      this.pending = undefined;
    }
    if (running) this.end(running);
  }

  /** Kills LibreOffice's whole group and the bridge, and removes the profile (synchronous: runs on 'exit'). */
  private end(running: Running): void {
    running.bridge.kill('SIGKILL');
    try {
      if (running.office.pid) process.kill(-running.office.pid, 'SIGKILL');
    } catch {
      running.office.kill('SIGKILL');
    }
    try {
      rmSync(running.profile, { recursive: true, force: true });
    } catch {
      // A process still dying may have written into it meanwhile; the next start removes what is left.
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.kill();
  }
}

/** A conversion's timer and watchdog stopped (it answered, or it is ended). */
function settle(pending: Pending): void {
  clearTimeout(pending.timer);
  clearInterval(pending.watch);
}

/** The size of a memory page, as /proc counts resident memory (4 KB on Linux's usual platforms). */
const PAGE_KB = 4;

/** The processes of a process group, read from /proc (Linux). */
async function groupMembers(group: number): Promise<number[]> {
  const members: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command's closing parenthesis: state ppid pgrp ...
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === group) members.push(Number(entry));
  }
  return members;
}

/** The resident memory of some processes, in MB (one small /proc file each; a process gone counts 0). */
async function residentMbOf(pids: number[]): Promise<number> {
  let pages = 0;
  for (const pid of pids) {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8').catch(() => '');
    pages += Number(statm.split(' ')[1]) || 0;
  }
  return (pages * PAGE_KB) / 1024;
}

/**
 * Reads a process group's resident memory often and cheaply: its members (found by a walk over /proc) are looked
 * up again once a second, a child LibreOffice starts meanwhile included.
 */
class GroupMeter {
  private members: number[] = [];
  private foundAt = 0;

  constructor(private readonly group: number) {}

  async residentMb(): Promise<number> {
    if (Date.now() - this.foundAt >= 1000) {
      this.members = await groupMembers(this.group);
      this.foundAt = Date.now();
    }
    return residentMbOf(this.members);
  }
}

/** The resident memory of every process in a process group, in MB, read from /proc (Linux). */
export async function processGroupResidentMb(group: number): Promise<number> {
  return residentMbOf(await groupMembers(group));
}
