import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The I/O floor of an upload: a bare node:http server in its own process that writes each request body to disk
 * and answers at once (no multipart parsing, no checks, no database). Posting a file here costs what any upload
 * pipeline must pay to receive and store it, which the bare load-and-save script does not.
 */
const SCRIPT = `
import { createServer } from 'node:http';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
const dir = mkdtempSync(join(tmpdir(), 'esign-bench-floor-'));
let count = 0;
process.on('SIGTERM', () => { rmSync(dir, { recursive: true, force: true }); process.exit(0); });
createServer(async (request, response) => {
  await pipeline(request, createWriteStream(join(dir, String(count++)), { highWaterMark: 1 << 20 }));
  response.end('{}');
}).listen(Number(process.argv[1]), '127.0.0.1', () => console.log('ready'));
`;

export class BareUploadServer {
  private child: ChildProcess | undefined;
  readonly url: string;

  constructor(private readonly port: number) {
    this.url = `http://127.0.0.1:${port}/`;
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT, String(this.port)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve) => this.child?.stdout?.once('data', resolve));
  }

  /** Resident memory of the bare server: what a Node process holding an HTTP server costs at least. */
  rssMb(): number {
    const status = readFileSync(`/proc/${this.child?.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  }

  async stop(): Promise<void> {
    this.child?.kill('SIGTERM');
    await new Promise((resolve) => this.child?.once('exit', resolve));
  }
}
