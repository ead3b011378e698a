/**
 * bench/filing: 车辆备案导入 of a 100,000-row .xlsx (1 % bad rows) through HTTP, as the console
 * does it: POST /api/upload (purpose filing), POST /api/company/importBikes, then polling
 * getBikeImport until the job is done. Prints the wall time from the import call to done, rows/s,
 * the process's peak RSS growth, and the slowest answer of GET /api/health polled every 100 ms
 * meanwhile (the import must not block the server).
 *
 *   npm run bench:filing                 # PGlite (the target: 100,000 rows < 30 s)
 *   BENCH_ROWS=20000 npm run bench:filing -- postgres
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import { XlsxWriter } from '../server/src/shared/xlsxWriter.js';
import { hashPassword } from '../server/src/domain/password.js';
import { freshDatabase, postgresReachable } from './db.js';
import { fmt } from './world.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
type Kind = 'pglite' | 'postgres';

/** The spreadsheet, written to disk by the server's own streaming writer: every 100th row refused (bad type). */
async function writeSheet(file: string) {
  const out = fs.createWriteStream(file);
  const headers = ['车辆编号', '车辆类型', '车架号', 'IMEI', '车牌号', '蓝牙MAC'];
  const w = new XlsxWriter(out, { sheetName: '车辆', columns: headers.map((h) => ({ header: h, width: 18 })) });
  await w.start();
  for (let i = 0; i < ROWS; i++) {
    const n = String(i).padStart(7, '0');
    const mac = `AA:BB:${n.slice(1, 3)}:${n.slice(3, 5)}:${n.slice(5, 7)}:01`;
    const p = w.addRow([`QJ${n}`, i % 100 === 99 ? '三轮车' : i % 3 === 0 ? '电动车' : '自行车', `F${n}`, `86${n.padStart(13, '0')}`, `京B${n}`, mac]);
    if (p) await p;
  }
  await w.finish();
  await new Promise<void>((r) => out.on('close', () => r()));
}

async function bench(kind: Kind) {
  const { database, drop } = await freshDatabase(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbs-filing-'));
  try {
    await database.query(
      `insert into brands (id, brand_name, brand_account, brand_password_hash, area_id, operation_area_id)
       values (1, '青桔', 'bench', $1, '110108', '["110108"]') on conflict do nothing`,
      [await hashPassword('Bench12345')],
    );
    const sheet = path.join(dataDir, 'bikes.xlsx');
    await writeSheet(sheet);
    const bytes = fs.readFileSync(sheet);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOBS: '0', UPLOAD_MAX_MB: '50' });
    const app = await buildApp(config, database, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as import('node:net').AddressInfo).port}`;
    const login = (await (
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Bench12345' }),
      })
    ).json()) as { data: { token: string } };
    const auth = { authorization: `Bearer ${login.data.token}` };
    const form = new FormData();
    form.append('file', new Blob([bytes]), '车辆备案.xlsx');
    const up = (await (await fetch(`${base}/api/upload?purpose=filing`, { method: 'POST', headers: auth, body: form })).json()) as {
      code: number;
      message: string;
      data: { file: string };
    };
    if (up.code !== 200) throw new Error(`upload: ${up.message}`);

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    let slowest = 0;
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t0 = performance.now();
        await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
        slowest = Math.max(slowest, performance.now() - t0);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const t = performance.now();
    const started = (await (
      await fetch(`${base}/api/company/importBikes`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ brandId: 1, file: up.data.file }),
      })
    ).json()) as { code: number; message: string; data: { id: number } };
    if (started.code !== 200) throw new Error(`import: ${started.message}`);
    const answeredMs = performance.now() - t;
    let result: { status: string; accepted: number; rejected: number; message: string | null };
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      const r = (await (await fetch(`${base}/api/company/getBikeImport?id=${started.data.id}`, { headers: auth })).json()) as { data: typeof result };
      result = r.data;
      if (result.status !== 'running') break;
    }
    const seconds = (performance.now() - t) / 1000;
    probing = false;
    await probe;
    clearInterval(sampler);
    const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from bikes where brand_id = 1');
    await app.close();
    if (result.status !== 'done' || n !== result.accepted) throw new Error(`import ended ${result.status}: ${result.message}; bikes ${n}`);
    const line = {
      kind,
      rows: ROWS,
      mb: bytes.length / 1e6,
      seconds,
      rate: ROWS / seconds,
      growthMb: (peak - baseline) / 1e6,
      answeredMs,
      slowestHealthMs: slowest,
      accepted: result.accepted,
      rejected: result.rejected,
    };
    console.log(
      `[${kind}] ${fmt(ROWS)} rows (${line.mb.toFixed(1)} MB) filed in ${seconds.toFixed(1)} s = ${fmt(Math.round(line.rate))} rows/s; ` +
        `accepted ${fmt(result.accepted)}, rejected ${fmt(result.rejected)}; peak RSS growth ${line.growthMb.toFixed(0)} MB; ` +
        `importBikes answered in ${answeredMs.toFixed(0)} ms; slowest /api/health meanwhile ${slowest.toFixed(0)} ms`,
    );
    return line;
  } finally {
    await database.close().catch(() => {});
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const asked = process.argv.slice(2).filter((a) => a === 'pglite' || a === 'postgres') as Kind[];
  const out = [];
  for (const kind of asked.length ? asked : (['pglite'] as Kind[])) {
    if (kind === 'postgres' && !(await postgresReachable())) continue;
    out.push(await bench(kind));
  }
  console.log(`\nfiling: ${fmt(ROWS)} rows (车辆备案导入); load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  for (const r of out)
    console.log(
      `${r.kind.padEnd(9)} ${r.seconds.toFixed(1).padStart(6)} s  ${fmt(Math.round(r.rate)).padStart(8)} rows/s  peak RSS +${r.growthMb.toFixed(0)} MB  health max ${r.slowestHealthMs.toFixed(0)} ms`,
    );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
