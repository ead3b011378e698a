/**
 * Debian's nginx as a reverse proxy in front of server processes, for the multi-node test: a
 * foreground child (`daemon off`) with its configuration, pid, logs and temporary files in a
 * directory of its own, listening on a free port of 127.0.0.1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './processes.js';

/** nginx on the PATH or in the sbin directories a non-root PATH may lack; null when not installed. */
export function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs) {
    const file = path.join(dir, 'nginx');
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

export interface Nginx {
  port: number;
  /** The access log so far: `status upstream_addr upstream_status request` a line. */
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * The configuration: round robin over `upstreams` (ports of 127.0.0.1), a failed server left out
 * for 2 s after one failure, then tried again; X-Forwarded-For / -Proto set as the README's example does; each
 * answer says which server gave it (X-Upstream). proxy_next_upstream stays nginx's default (`error
 * timeout`, not `non_idempotent`): a request that could not be sent to a server (connection refused)
 * goes to the next one, but a POST already sent to a server that then died is answered 502 and not
 * sent again, since the console's writes (adding a user, a work order) must not be made twice. The
 * open API's client retries it (every item carries its id: a repeat is answered accepted and not
 * stored twice).
 */
function config(dir: string, port: number, upstreams: number[]) {
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n');
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  log_format nodes '$status $upstream_addr $upstream_status "$request"';
  access_log ${dir}/access.log nodes;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream nodes {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 10m;
    client_body_buffer_size 1m;
    location / {
      proxy_pass http://nodes;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** Starts nginx (`binary`) in `dir` in front of `upstreams`; resolves once it accepts connections. */
export async function startNginx(binary: string, dir: string, upstreams: number[]): Promise<Nginx> {
  const port = await freePort();
  // the workers run as nobody when the master is root: they must reach their temporary directories
  fs.chmodSync(dir, 0o755);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, config(dir, port, upstreams));
  const proc: ChildProcess = spawn(binary, ['-e', 'stderr', '-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  proc.stdout!.on('data', (d) => (printed += d));
  proc.stderr!.on('data', (d) => (printed += d));
  const read = (file: string) => {
    try {
      return fs.readFileSync(path.join(dir, file), 'utf8');
    } catch {
      return '';
    }
  };
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGTERM'); // fast shutdown: the master stops its worker, then itself
    const done = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 5000))]);
    if (!done) {
      proc.kill('SIGKILL');
      await exited;
    }
  };
  for (const deadline = Date.now() + 10_000; ;) {
    if (proc.exitCode !== null) throw new Error(`nginx exited (${proc.exitCode}): ${printed}${read('error.log')}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not listen on ${port}: ${printed}${read('error.log')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, accessLog: () => read('access.log'), errorLog: () => read('error.log'), stop };
}
