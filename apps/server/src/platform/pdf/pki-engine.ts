import { webcrypto } from 'node:crypto';
import * as pkijs from 'pkijs';

/** Node's WebCrypto for PKI.js, passed to each call (not set globally: @libpdf/core uses PKI.js too). */
export const pkiEngine = new pkijs.CryptoEngine({
  name: 'node',
  crypto: webcrypto as unknown as pkijs.CryptoEngineParameters['crypto'],
});
