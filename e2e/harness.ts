/**
 * Browser-test harness: a real server on a free port with a fresh DATA_DIR, and Debian's chromium
 * driven by playwright-core. Screenshots go to test-output/e2e/.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContextOptions, type Locator, type Page, chromium } from 'playwright-core';
import { OUTPUT_DIR, ROOT, SERVER_MAIN, WEB_DIST } from './paths';

export const ADMIN_USER = 'admin';
export const ADMIN_PASSWORD = 'E2e-Admin-Pass-2024';
export const STORAGE_KEY = 'sbs-console';

export interface TestServer {
  url: string;
  dataDir: string;
  /** Stops the server; its DATA_DIR is removed unless `keepData` (to seed it, then start again on it). */
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
}

export interface StartOptions {
  /** Start on this existing DATA_DIR (one a stopped server kept) instead of a fresh one. */
  dataDir?: string;
  /** More environment for the server (FAST_SNAPSHOTS). */
  env?: Record<string, string>;
}

/**
 * The minute jobs every 5 s instead of 60 (SNAPSHOT_SECONDS), for the files that wait for a snapshot
 * to see what they pushed: each wait is then a few seconds instead of up to a minute. Not for
 * map.e2e, whose timed draw of 20,000 sites would share the CPU with a snapshot of them.
 */
export const FAST_SNAPSHOTS = { SNAPSHOT_SECONDS: '5' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Start `node server/dist/main.js` and wait until GET /api/health answers. */
export async function startServer(name: string, timeoutMs = 90_000, opts: StartOptions = {}): Promise<TestServer> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'sbs-e2e-'));
  const logFile = join(OUTPUT_DIR, `server-${name}.log`);
  // a restart on the same DATA_DIR appends to the same log
  const log = createWriteStream(logFile, { flags: opts.dataDir ? 'a' : 'w' });
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      DEMO: '0',
      WEB_DIST,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = async ({ keepData = false }: { keepData?: boolean } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const done = await Promise.race([exited(child).then(() => true), sleep(10_000).then(() => false)]);
      if (!done) child.kill('SIGKILL');
      await exited(child);
    }
    if (!log.writableEnded) await new Promise<void>((resolve) => log.end(resolve));
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok && ((await res.json()) as { code?: number }).code === 200) return { url, dataDir, stop };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await stop();
  const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  throw new Error(`server did not become healthy (exit ${child.exitCode}); log ${logFile}:\n${tail}`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Console errors and uncaught page errors seen by a page. */
export interface PageProblems {
  errors: string[];
  clear: () => void;
}

/** A new page (own context, more options given: a phone's geolocation) that records console errors and page errors. */
export async function openPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
  options: BrowserContextOptions = {},
): Promise<{ page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { page, problems: { errors, clear: () => void errors.splice(0) } };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const file = join(OUTPUT_DIR, `${name}.png`);
  await page.waitForTimeout(600); // let antd's open/close animations finish
  await page.screenshot({ path: file });
  return file;
}

/**
 * Logs `username` in through the login form (typed and submitted; what the page does next is the
 * test's to wait for). `base`: open that server's login page first; without it the page is on the
 * form already (as after 返回登录).
 */
export async function loginAs(page: Page, username: string, password: string, base?: string): Promise<void> {
  if (base !== undefined) await page.goto(`${base}/#/login`);
  await page.getByPlaceholder('请输入账号').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** The administrator logs in through the form (`password`: another than the seeded one). */
export async function loginViaForm(page: Page, base: string, password = ADMIN_PASSWORD): Promise<void> {
  await loginAs(page, ADMIN_USER, password, base);
}

/**
 * Chooses an area by name in an antd area tree select: types the name, clicks its node in the open
 * dropdown; `closeWithEsc` for a multiple select, whose dropdown stays open after a choice.
 */
export async function pickArea(select: Locator, name = '海淀区', closeWithEsc = false): Promise<void> {
  const page = select.page();
  await select.click();
  await page.keyboard.type(name.replace(/[区县市]$/, ''));
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: name }).first().click();
  if (closeWithEsc) await page.keyboard.press('Escape');
}

/**
 * Sets a checkbox; tries again where a click made while a dialog still opens did not change it
 * (setChecked reads the state first, so a late toggle is never undone).
 */
export async function setChecked(box: Locator, checked: boolean): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await box.setChecked(checked, { timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
      await box.page().waitForTimeout(400);
    }
  }
}

/** The persisted session as the page sees it, or null. */
export async function storedSession(page: Page): Promise<{ state: Record<string, unknown> } | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
  return raw ? (JSON.parse(raw) as { state: Record<string, unknown> }) : null;
}
