import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const run = promisify(execFile);
const openssl = (args: string[], cwd: string) => run('openssl', args, { cwd, maxBuffer: 64 * 1024 * 1024 });

/**
 * How a local time-stamping authority answers: `ok` (openssl ts -reply), `hang` (never answers: a time-out),
 * `down` (HTTP 503), `wrongNonce` / `wrongDigest` (a genuine token, signed by the authority, for another request).
 */
export type AuthorityMode = 'ok' | 'hang' | 'down' | 'wrongNonce' | 'wrongDigest';

export interface TimestampPeer {
  url: string;
  mode: AuthorityMode;
  /** Requests received (any mode). */
  requests: number;
}

const TSA_CONFIG = `[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
dir = .
serial = ./tsaserial
crypto_device = builtin
signer_digest = sha256
default_policy = 1.2.3.4.1
other_policies = 1.2.3.4.2
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = no
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function body(request: import('node:http').IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** The digest a time-stamp query asks to be stamped (hex). */
function queriedDigest(query: Buffer): string {
  const request = new pkijs.TimeStampReq({ schema: asn1js.fromBER(new Uint8Array(query).buffer).result });
  return Buffer.from(request.messageImprint.hashedMessage.valueBlock.valueHexView).toString('hex');
}

/**
 * A local certificate authority (root `Test Root CA`), with an OCSP responder (`openssl ocsp` per request, its own
 * responder certificate) and time-stamping authorities (`openssl ts -reply` per request) whose certificates it
 * issued with the responder's address in their Authority Information Access. Also a signing certificate with its
 * chain as a PKCS#12 (`signerP12`), as an operator would configure one. Every peer is an HTTP server on 127.0.0.1.
 */
export async function startTrustPeers(options: { authorities?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'esign-trust-'));
  const servers: Server[] = [];
  const sh = (args: string[]) => openssl(args, dir);

  const ocspServer = createServer(async (request, response) => {
    try {
      const name = `ocsp-${Math.random().toString(36).slice(2)}`;
      writeFileSync(join(dir, `${name}.req`), await body(request));
      await sh([
        'ocsp',
        ...['-index', 'index.txt', '-rsigner', 'ocsp.pem', '-rkey', 'ocsp.key', '-CA', 'ca.pem'],
        ...['-reqin', `${name}.req`, '-respout', `${name}.resp`, '-ndays', '1'],
      ]);
      ocspRequests += 1;
      response
        .writeHead(200, { 'content-type': 'application/ocsp-response' })
        .end(readFileSync(join(dir, `${name}.resp`)));
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  servers.push(ocspServer);
  let ocspRequests = 0;
  const ocspUrl = await listen(ocspServer);

  await sh([
    'req',
    ...['-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '3650'],
    ...['-subj', '/CN=Test Root CA/O=eSign tests', '-addext', 'basicConstraints=critical,CA:true'],
    ...['-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
  ]);
  const index: string[] = [];
  let serial = 0x1000;
  /** Issues `name`.pem/.key from the root with the given extensions; listed as good in the responder's index. */
  async function issue(name: string, subject: string, extensions: string[], days = 365) {
    serial += 1;
    writeFileSync(join(dir, `${name}.ext`), `${extensions.join('\n')}\n`);
    await sh([
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      subject,
    ]);
    await sh([
      'x509',
      ...['-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-set_serial', `0x${serial.toString(16)}`],
      ...['-days', String(days), '-out', `${name}.pem`, '-extfile', `${name}.ext`],
    ]);
    const expiry = new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:T]/g, '').slice(2, 14);
    index.push(`V\t${expiry}Z\t\t${serial.toString(16).toUpperCase()}\tunknown\t${subject}`);
    writeFileSync(join(dir, 'index.txt'), `${index.join('\n')}\n`);
  }
  const aia = `authorityInfoAccess=OCSP;URI:${ocspUrl}`;
  await issue('ocsp', '/CN=Test OCSP responder', [
    'basicConstraints=CA:false',
    'keyUsage=critical,digitalSignature',
    'extendedKeyUsage=critical,OCSPSigning',
  ]);
  await issue('tsa', '/CN=Test Time-Stamping Authority/O=eSign tests', [
    'basicConstraints=CA:false',
    'keyUsage=critical,digitalSignature',
    'extendedKeyUsage=critical,timeStamping',
    aia,
  ]);
  await issue('signer', '/CN=Test Seal/O=eSign tests', [
    'basicConstraints=CA:false',
    'keyUsage=critical,digitalSignature,nonRepudiation',
    aia,
  ]);
  const p12Password = 'test-password';
  await sh([
    'pkcs12',
    ...['-export', '-in', 'signer.pem', '-inkey', 'signer.key', '-certfile', 'ca.pem', '-out', 'signer.p12'],
    ...['-passout', `pass:${p12Password}`],
  ]);
  writeFileSync(join(dir, 'tsa.cnf'), TSA_CONFIG);
  writeFileSync(join(dir, 'tsaserial'), '01\n');

  /** A reply of the authority to `query` (DER), by `openssl ts -reply`. */
  async function reply(query: Buffer): Promise<Buffer> {
    const name = `ts-${Math.random().toString(36).slice(2)}`;
    writeFileSync(join(dir, `${name}.tsq`), query);
    await sh([
      'ts',
      ...['-reply', '-config', 'tsa.cnf', '-queryfile', `${name}.tsq`, '-signer', 'tsa.pem', '-inkey', 'tsa.key'],
      ...['-chain', 'ca.pem', '-out', `${name}.tsr`],
    ]);
    return readFileSync(join(dir, `${name}.tsr`));
  }
  /** A fresh query (random nonce) for `digestHex`. */
  async function queryFor(digestHex: string): Promise<Buffer> {
    const { stdout } = await run('openssl', ['ts', '-query', '-digest', digestHex, '-sha256', '-cert'], {
      cwd: dir,
      encoding: 'buffer',
    });
    return stdout;
  }

  const authorities: TimestampPeer[] = [];
  for (let n = 0; n < (options.authorities ?? 2); n++) {
    const peer: TimestampPeer = { url: '', mode: 'ok', requests: 0 };
    const server = createServer(async (request, response) => {
      const query = await body(request);
      peer.requests += 1;
      if (peer.mode === 'hang') return; // closed by close()
      if (peer.mode === 'down') return void response.writeHead(503).end('unavailable');
      try {
        const digest = queriedDigest(query);
        const answered =
          peer.mode === 'wrongNonce'
            ? await reply(await queryFor(digest))
            : peer.mode === 'wrongDigest'
              ? await reply(await queryFor('ab'.repeat(32)))
              : await reply(query);
        response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(answered);
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
    });
    servers.push(server);
    peer.url = `${await listen(server)}/tsr`;
    authorities.push(peer);
  }

  return {
    dir,
    authorities,
    ocspUrl,
    get ocspRequests() {
      return ocspRequests;
    },
    caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    caFile: join(dir, 'ca.pem'),
    tsaFile: join(dir, 'tsa.pem'),
    signerP12: join(dir, 'signer.p12'),
    p12Password,
    /** `openssl ts -verify` of a DER time-stamp token over `data` against the local root: its output. */
    async verifyToken(token: Uint8Array, data: Uint8Array): Promise<string> {
      const name = `v-${Math.random().toString(36).slice(2)}`;
      writeFileSync(join(dir, `${name}.tok`), token);
      writeFileSync(join(dir, `${name}.dat`), data);
      const { stdout } = await sh([
        'ts',
        ...['-verify', '-token_in', '-in', `${name}.tok`, '-data', `${name}.dat`, '-CAfile', 'ca.pem'],
        ...['-untrusted', 'tsa.pem'],
      ]);
      return stdout;
    },
    async close() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type TrustPeers = Awaited<ReturnType<typeof startTrustPeers>>;
