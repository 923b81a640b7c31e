import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
// TRAMITA_E2E_BINARY lets a developer test a binary built elsewhere (scripts/dev-binary.sh)
// while someone else rebuilds web/dist in the same tree.
export const binary = process.env.TRAMITA_E2E_BINARY || join(repoRoot, 'bin', 'tramita');
export const adminPassword = 'e2e-Admin-Passw0rd!';

export interface Server {
  url: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/** Runs a tramita command (not serve) on the server's data folder and waits for it. */
export function tramita(args: string[], env: NodeJS.ProcessEnv): string {
  const res = spawnSync(binary, args, { env, encoding: 'utf8', timeout: 120_000 });
  if (res.status !== 0) {
    throw new Error(`tramita ${args.join(' ')} failed (${res.status}): ${res.stderr}`);
  }
  return res.stdout;
}

export interface StartOptions {
  /** Commands run on the data folder before the server starts, e.g. ['admin', 'maintenance', 'on']. */
  before?: string[][];
  env?: Record<string, string>;
}

/** Starts bin/tramita with a fresh data folder and waits until /api/health answers 200. */
export async function startServer(opts: StartOptions = {}): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tramita-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TRAMITA_DATA_DIR: dataDir,
    TRAMITA_ADDR: `127.0.0.1:${port}`,
    TRAMITA_ADMIN_PASSWORD: adminPassword,
    TRAMITA_LOG_LEVEL: 'warn',
    // One worker's server serves every spec it runs, all from 127.0.0.1: the
    // per-address sign-in limit (10 a minute by default) is not under test here.
    TRAMITA_SIGNIN_RATE_LIMIT: '100000',
    // The push test's stand-in push service (support/pushService.ts) listens on 127.0.0.1, an
    // address the server refuses as a push endpoint unless told this is a test.
    TRAMITA_PUSH_ALLOW_LOOPBACK: 'true',
    ...opts.env,
  };
  delete env.DATABASE_URL;
  for (const args of opts.before ?? []) tramita(args, env);

  const child: ChildProcess = spawn(binary, ['serve'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`tramita serve exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`tramita serve did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    env,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
