import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A push the test push service received and decrypted. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  payload: string;
}

export interface PushService {
  /** The subscription a browser would get from its push service: endpoint and keys (base64url). */
  subscription: { endpoint: string; p256dh: string; auth: string };
  received: ReceivedPush[];
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * Decrypts an RFC 8291 (Message Encryption for Web Push) body, content
 * coding aes128gcm (RFC 8188): header salt(16) rs(4) idlen(1) keyid(= the
 * server's ephemeral public key), then one record; the keys are the user
 * agent's (p256dh private key, auth secret).
 */
export function decryptAes128gcm(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPrivate.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('push: no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * A stand-in push service on the loopback (the server accepts http
 * endpoints only there): it holds a subscription's keys like a browser,
 * decrypts what the server pushes, and answers 201 as push services do.
 */
export async function startPushService(): Promise<PushService> {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const auth = randomBytes(16);
  const received: ReceivedPush[] = [];
  const server: HttpServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        if (req.method !== 'POST' || req.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`unexpected ${req.method} ${req.headers['content-encoding']}`);
        received.push({
          path: req.url ?? '',
          headers: req.headers,
          payload: decryptAes128gcm(Buffer.concat(chunks), ua, auth),
        });
        res.writeHead(201).end();
      } catch (error) {
        received.push({ path: req.url ?? '', headers: req.headers, payload: `undecryptable: ${String(error)}` });
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    subscription: {
      endpoint: `http://127.0.0.1:${port}/push/${b64url(randomBytes(9))}`,
      p256dh: b64url(ua.getPublicKey()),
      auth: b64url(auth),
    },
    received,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}
