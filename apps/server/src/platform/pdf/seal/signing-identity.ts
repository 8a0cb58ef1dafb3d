import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { P12Signer } from '@libpdf/core';
import forge from 'node-forge';

/** The instance's signing certificate and private key, as a PKCS#12 and its password. */
export interface SigningIdentity {
  p12: Uint8Array;
  password: string;
}

export interface SigningIdentityOptions {
  /** A configured PKCS#12 file (SIGNING_CERT_P12); without it a self-signed one is made in `dataDir`. */
  p12Path?: string | undefined;
  password?: string | undefined;
  dataDir: string;
  /** The common name of a generated certificate. */
  commonName?: string;
  now?: Date;
}

const GENERATED_FILE = 'signing-certificate.json';

/**
 * The configured PKCS#12, or the self-signed one generated on first start into DATA_DIR (one file, mode 0600,
 * holding the PKCS#12 and its random password). Two processes starting at once agree on one: the file is
 * written beside and hard-linked into place, which fails for the second, who then reads the first's.
 */
export function loadSigningIdentity(options: SigningIdentityOptions): SigningIdentity {
  if (options.p12Path) {
    return { p12: new Uint8Array(readFileSync(options.p12Path)), password: options.password ?? '' };
  }
  const path = join(options.dataDir, GENERATED_FILE);
  const stored = readGenerated(path);
  if (stored) return stored;
  const identity = generateSelfSigned(options.commonName ?? 'eSign document sealing', options.now ?? new Date());
  mkdirSync(options.dataDir, { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(
    temporary,
    JSON.stringify({ p12: Buffer.from(identity.p12).toString('base64'), password: identity.password }),
    { mode: 0o600, flag: 'wx' },
  );
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return readGenerated(path) ?? identity;
}

function readGenerated(path: string): SigningIdentity | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { p12: string; password: string };
    return { p12: new Uint8Array(Buffer.from(parsed.p12, 'base64')), password: parsed.password };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A self-signed RSA-2048 certificate for digital signatures, valid 10 years. */
export function generateSelfSigned(commonName: string, now: Date): SigningIdentity {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 60 * 60 * 1000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'eSign' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const password = randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [certificate], password, { algorithm: 'aes256' });
  return { p12: new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary')), password };
}

/**
 * Refuses a sealing certificate that cannot make a lasting seal: not yet valid or expired at `now`, or without the
 * digitalSignature key usage. The message names the certificate and what is wrong, for the operator.
 */
export function assertSealingCertificate(der: Uint8Array, now: Date, source = 'SIGNING_CERT_P12'): void {
  const certificate = forge.pki.certificateFromAsn1(forge.asn1.fromDer(Buffer.from(der).toString('binary')));
  const name =
    certificate.subject.getField('CN')?.value ?? certificate.subject.attributes.map((a) => a.value).join(', ');
  const { notBefore, notAfter } = certificate.validity;
  if (now > notAfter) {
    throw new Error(
      `${source}: the certificate "${name}" expired on ${notAfter.toISOString()}; seals need a valid one`,
    );
  }
  if (now < notBefore) {
    throw new Error(`${source}: the certificate "${name}" is valid only from ${notBefore.toISOString()}`);
  }
  const usage = certificate.getExtension('keyUsage') as { digitalSignature?: boolean } | null;
  if (!usage?.digitalSignature) {
    throw new Error(
      `${source}: the certificate "${name}" has no digitalSignature key usage; a sealing certificate needs it`,
    );
  }
}

/** The signer the PDF library signs with. */
export function createSigner(identity: SigningIdentity): Promise<P12Signer> {
  return P12Signer.create(identity.p12, identity.password);
}
