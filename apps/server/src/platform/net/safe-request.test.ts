import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTargetUrl, isBlockedAddress, safePost, UnsafeTargetError } from './safe-request.js';

let server: Server;
let port: number;
const received: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request.url ?? '');
    if (request.url === '/redirect') {
      response.writeHead(302, { location: '/elsewhere' }).end();
    } else if (request.url === '/large') {
      response.writeHead(200);
      response.end(Buffer.alloc(3 * 1024 * 1024, 'a'));
    } else if (request.url === '/silent') {
      // Never answers.
    } else {
      response.writeHead(200).end('ok');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const allowed = { allowPrivate: true };
const guarded = { allowPrivate: false };
const post = (path: string, options = allowed, host = '127.0.0.1') =>
  safePost(`http://${host}:${port}${path}`, {
    ...options,
    headers: {},
    body: '{}',
    timeoutMs: 500,
    maxBytes: 1024 * 1024,
  });

describe('the private-address guard', () => {
  it('refuses loopback, private, link-local, metadata and reserved addresses, and allows public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });

  // Cause: the guard was a hand list of ranges that judged only the ::ffff:a.b.c.d spelling as IPv4, so the
  // IPv4-compatible ::/96 spellings of loopback and of the metadata address (::127.0.0.1, ::a9fe:a9fe) passed.
  it('refuses every spelling of a private address, IPv4 embedded in IPv6 included, by the address library', async () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '::127.0.0.1',
      '::7f00:1',
      '::a9fe:a9fe',
      '::169.254.169.254',
      '::ffff:0:a9fe:a9fe', // IPv4-translated (RFC 6145)
      '64:ff9b::10.0.0.1', // NAT64 embedding a private address
      '64:ff9b::7f00:1',
      '64:ff9b:1::a00:1', // local-use NAT64 (RFC 8215)
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      'fc00::1',
      'fdff:ffff::1',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      'fec0::1', // deprecated site-local
      'ff02::1',
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      '100::1', // discard-only
      '2001:db8::1', // documentation
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '255.255.255.255',
      '192.0.0.8',
      '198.18.0.1',
      '224.0.0.1',
      '240.0.0.1',
      '0177.0.0.1', // octal
      '0x7f.0.0.1', // hexadecimal
      '2130706433', // decimal
      'not an address',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2606:4700:4700::1111', '100.128.0.1']) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
    // The URL's own spellings (decimal, octal, hexadecimal, shortened IPv4; bracketed IPv6) are refused as typed.
    for (const url of [
      'http://[::127.0.0.1]/',
      'http://[::a9fe:a9fe]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[0:0:0:0:0:ffff:7f00:1]/',
      'http://[64:ff9b::10.0.0.1]/',
      'http://[fd00:ec2::254]/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://0x7f000001/',
      'http://127.1/',
      'http://0/',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      await expect(checkTargetUrl(url, guarded), url).rejects.toThrow(/private or reserved/);
    }
  });

  it('refuses other schemes, credentials, and a name that resolves to 127.0.0.1 unless private addresses are allowed', async () => {
    await expect(checkTargetUrl('ftp://example.com/x', guarded)).rejects.toBeInstanceOf(UnsafeTargetError);
    await expect(checkTargetUrl('file:///etc/passwd', guarded)).rejects.toBeInstanceOf(UnsafeTargetError);
    await expect(checkTargetUrl('http://user:pw@example.com/', guarded)).rejects.toBeInstanceOf(UnsafeTargetError);
    await expect(checkTargetUrl(`http://localhost:${port}/`, guarded)).rejects.toBeInstanceOf(UnsafeTargetError);
    await expect(checkTargetUrl('http://[::1]/', guarded)).rejects.toBeInstanceOf(UnsafeTargetError);
    const resolvesToLoopback = { ...guarded, resolve: async () => [{ address: '127.0.0.1', family: 4 }] };
    await expect(checkTargetUrl('https://hooks.example.com/in', resolvesToLoopback)).rejects.toThrow(/private/);
    await expect(post('/', guarded, 'localhost')).rejects.toBeInstanceOf(UnsafeTargetError);
    await expect(post('/', guarded)).rejects.toBeInstanceOf(UnsafeTargetError);
    expect((await checkTargetUrl(`http://localhost:${port}/`, allowed)).port).toBe(String(port));
    expect((await post('/', allowed, 'localhost')).status).toBe(200);
  });

  it('checks the address again at connect time and connects to the one it checked (no DNS rebinding)', async () => {
    let calls = 0;
    // Public when the URL is checked, loopback when the connection is made.
    const rebinding = {
      ...guarded,
      resolve: async () => [{ address: calls++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }],
    };
    const url = `http://rebind.example.com:${port}/rebound`;
    await checkTargetUrl(url, rebinding);
    await expect(
      safePost(url, { ...rebinding, headers: {}, body: '{}', timeoutMs: 500, maxBytes: 1024 }),
    ).rejects.toBeInstanceOf(UnsafeTargetError);
    expect(received).not.toContain('/rebound');
    // Allowed, the connection goes to the address the lookup answered, whatever the name.
    const pinned = { allowPrivate: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] };
    const answer = await safePost(url, { ...pinned, headers: {}, body: '{}', timeoutMs: 500, maxBytes: 1024 });
    expect(answer.status).toBe(200);
  });

  it('follows no redirect, reads 1 MB at most and gives up at its deadline', async () => {
    expect((await post('/redirect')).status).toBe(302);
    expect(received).not.toContain('/elsewhere');
    expect((await post('/large')).body.length).toBe(1024 * 1024);
    await expect(post('/silent')).rejects.toThrow(/within 500 ms/);
  });
});
