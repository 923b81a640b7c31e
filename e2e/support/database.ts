import { join } from 'node:path';
import { tramita, type Server } from './server';

/**
 * The postgres:// URL of a running test server's embedded PostgreSQL: it
 * listens only on a unix socket in DATA_DIR/run (internal/database), which
 * this process may enter (it runs as root, or as the server's own user).
 * The data folders of startServer live in the temp dir, short enough for a
 * socket path (a longer one would move the socket elsewhere).
 */
export function databaseURL(server: Server): string {
  const host = join(server.dataDir, 'run');
  return `postgres://postgres@/tramita?host=${encodeURIComponent(host)}&port=5432&sslmode=disable`;
}

/**
 * Runs a tramita admin command against the running server's database, the
 * way an operator with DATABASE_URL would (the embedded data folder itself
 * is held by the server).
 */
export function tramitaLive(server: Server, args: string[]): string {
  return tramita(args, { ...server.env, DATABASE_URL: databaseURL(server), TRAMITA_LOG_LEVEL: 'warn' });
}

/** `tramita admin message send LOGIN TITLE TEXT` on the running server's database. */
export function sendMessage(server: Server, login: string, title: string, text: string): void {
  tramitaLive(server, ['admin', 'message', 'send', login, title, text]);
}
