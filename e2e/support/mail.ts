import { createServer, type Server, type Socket } from 'node:net';

/** A message the sink received. */
export interface Mail {
  from: string;
  to: string[];
  subject: string;
  /** The text body, transfer-decoded (quoted-printable or base64) as UTF-8. */
  text: string;
  raw: string;
}

export interface MailSink {
  host: string;
  port: number;
  messages: Mail[];
  /** Resolves with the first message (already received or arriving) to `address`. */
  waitFor(address: string, timeoutMs?: number): Promise<Mail>;
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on 127.0.0.1 (no TLS, no authentication) that keeps
 * every message, for tests of the mail the server sends. It speaks just
 * enough of RFC 5321 for a well-behaved client: EHLO/HELO, MAIL, RCPT, DATA,
 * RSET, NOOP, QUIT.
 */
export async function startMailSink(): Promise<MailSink> {
  const messages: Mail[] = [];
  const waiters: { address: string; resolve: (mail: Mail) => void }[] = [];

  const deliver = (mail: Mail) => {
    messages.push(mail);
    for (const waiter of [...waiters]) {
      if (mail.to.some((to) => to.toLowerCase() === waiter.address.toLowerCase())) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(mail);
      }
    }
  };

  const server: Server = createServer((socket) => session(socket, deliver));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    host: '127.0.0.1',
    port,
    messages,
    waitFor(to, timeoutMs = 15_000) {
      const found = messages.find((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { address: to, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const at = waiters.indexOf(waiter);
          if (at >= 0) {
            waiters.splice(at, 1);
            reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
          }
        }, timeoutMs);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function session(socket: Socket, deliver: (mail: Mail) => void) {
  socket.setEncoding('utf8');
  let buffer = '';
  let inData = false;
  let from = '';
  let to: string[] = [];
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 localhost ESMTP tramita-e2e');

  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        const raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
        buffer = buffer.slice(end + 5);
        inData = false;
        deliver(parse(raw, from, to));
        from = '';
        to = [];
        reply('250 OK: queued');
        continue;
      }
      const newline = buffer.indexOf('\r\n');
      if (newline < 0) return;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') {
        reply('250-localhost');
        reply('250-8BITMIME');
        reply('250 SMTPUTF8');
      } else if (verb === 'HELO') reply('250 localhost');
      else if (verb === 'MAIL') {
        from = angle(line);
        reply('250 OK');
      } else if (verb === 'RCPT') {
        to.push(angle(line));
        reply('250 OK');
      } else if (verb === 'DATA') {
        inData = true;
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET') {
        from = '';
        to = [];
        reply('250 OK');
      } else if (verb === 'NOOP') reply('250 OK');
      else if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
        return;
      } else reply('502 Command not implemented');
    }
  });
  socket.on('error', () => undefined);
}

function angle(line: string): string {
  const match = /<([^>]*)>/.exec(line);
  return match ? match[1]! : line.split(':').slice(1).join(':').trim();
}

function parse(raw: string, from: string, to: string[]): Mail {
  const split = raw.indexOf('\r\n\r\n');
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  let text: string;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  else if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else text = body;
  return { from, to, subject: decodeWords(headers.get('subject') ?? ''), text: text.replace(/\r\n/g, '\n'), raw };
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
