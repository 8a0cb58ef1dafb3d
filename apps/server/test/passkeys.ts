import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** The CBOR (RFC 8949) an authenticator writes: unsigned and negative integers, bytes, text, arrays and maps. */
type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  }
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer) => data.toString('base64url');

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/**
 * A software passkey (an ES256 key made here) that answers the server's options as a browser with a platform
 * authenticator would: 'none' attestation, user present and verified. `origin` is the page's; `counter` the
 * signature counter it reported last (each answer counts it up first; lower it to replay an old one).
 */
export function softwarePasskey(defaults: { origin: string }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let userHandle = '';
  const state = { counter: 1 };

  function authData(rpId: string, flags: number, attested?: Buffer) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(state.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    id: b64(credentialId),
    state,
    /** navigator.credentials.create() as @simplewebauthn/browser hands its answer on. */
    create(options: CreationOptions, overrides: { origin?: string } = {}) {
      userHandle = options.user.id;
      const coseKey = new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, cbor(coseKey)]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(options.rp.id ?? 'localhost', 0x45, attested)],
        ]),
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, overrides.origin ?? defaults.origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
      };
    },
    /** navigator.credentials.get(): signs the challenge and moves its counter on. */
    get(options: RequestOptions, overrides: { origin?: string } = {}) {
      state.counter += 1;
      const data = authData(options.rpId ?? 'localhost', 0x05);
      const client = clientData('webauthn.get', options.challenge, overrides.origin ?? defaults.origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(signature),
          ...(userHandle ? { userHandle } : {}),
        },
      };
    },
  };
}
export type SoftwarePasskey = ReturnType<typeof softwarePasskey>;
