/** config → database → migrations and first-start seed → app → listen. */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DataDirLockedError, openDatabase, type Database } from './db/client.js';
import { bootstrap } from './db/bootstrap.js';
import { buildApp } from './app.js';
import { jobContextOf, runDailyJobs, runHourlyJobs, runMinuteJobs, startScheduler } from './jobs/index.js';
import { generateWorld, DEFAULT_SEED, DEMO_ACCOUNTS, startDemo } from './sim/index.js';
import { GATEWAY } from './sim/world.js';
import { CREW_ACCOUNTS } from './sim/crew.js';
import { hashPassword, randomPassword } from './domain/password.js';

async function main() {
  // every file and directory the server creates (database, uploads, exports, password files) is the owner's only
  process.umask(0o077);
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`configuration error: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
  process.env.TZ = config.tz;

  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(3);
    }
    console.error(`cannot open the database: ${(e as Error).message}`);
    process.exit(3);
  }
  await database.migrate();
  const boot = await bootstrap(database, { adminPassword: config.adminPassword, dataDir: config.dataDir });
  if (boot.generatedAdminPassword) {
    // printed once, on the start that created the account; also in DATA_DIR/admin-password.txt (0600)
    process.stdout.write(
      `\n  管理员账号已创建 / admin account created\n  username: admin\n  password: ${boot.generatedAdminPassword}\n  (saved to ${config.dataDir}/admin-password.txt)\n\n`,
    );
  }

  const app = await buildApp(config, database);
  const jobContext = jobContextOf(app.ctx);
  let scheduler: ReturnType<typeof startScheduler> | null = null;
  let demo: Awaited<ReturnType<typeof startDemo>> | null = null;
  app.addHook('onClose', async () => {
    await demo?.stop();
    await scheduler?.stop();
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });

  // the demo city: DEMO=1 on, DEMO=0 off; unset, on for a database this start created and for any
  // database that holds the demo city's brands
  const demoOn = config.demo ?? (boot.created || (await hasDemoCity(database)));
  if (demoOn) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    // whether history is back-filled first is decided and logged by startDemo
    app.log.info({ reason: config.demo ? 'DEMO=1' : boot.created ? 'new database' : 'database holds the demo city' }, 'demo city starting');
    const passwords = await demoPasswords(database, config.dataDir);
    demo = await startDemo({
      app,
      database,
      world: { passwords },
      backfillDays: config.demoDays,
      baseUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      log: app.log,
      jobs: {
        minute: (t) => runMinuteJobs(jobContext, t).then(() => undefined),
        hourly: (t) => runHourlyJobs(jobContext, t),
        daily: (t) => runDailyJobs(jobContext, t),
      },
    });
  }
  // the back-fill runs the jobs itself at simulated times; the real-time scheduler starts after it
  if (config.jobs) {
    const startJobs = () => {
      scheduler = startScheduler(jobContext, app.log, config.snapshotSeconds * 1000);
    };
    if (demo) demo.ready.then(startJobs, startJobs);
    else startJobs();
  }
}

/**
 * The demo's passwords: the operators' and gateway's open-API ones and the field crew's console
 * ones, random on the first demo start and kept in DATA_DIR/demo-passwords.json (0600) like the
 * admin's, never fixed in the source. The open-API ones are printed once when made; the crew's are
 * only kept in the file. An account missing from the file gets a new one, which replaces its stored
 * hash (a database seeded before keeps working); those already in the file stay.
 */
async function demoPasswords(database: Database, dataDir: string): Promise<Record<string, string>> {
  const file = path.join(dataDir, 'demo-passwords.json');
  const openApi = [...DEMO_ACCOUNTS, GATEWAY.account];
  let kept: Record<string, string> = {};
  try {
    kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    // none yet (or unreadable): make a new set
  }
  const fresh = [...openApi, ...CREW_ACCOUNTS].filter((a) => typeof kept[a] !== 'string');
  if (!fresh.length) return kept;
  const passwords = { ...kept, ...Object.fromEntries(fresh.map((a) => [a, randomPassword()])) };
  for (const account of fresh) {
    const hash = await hashPassword(passwords[account]);
    if (DEMO_ACCOUNTS.includes(account))
      await database.query('update brands set brand_password_hash = $2 where brand_account = $1 and deleted_at is null', [account, hash]);
    else if (account === GATEWAY.account) await database.query('update gateways set password_hash = $2 where account = $1', [account, hash]);
    else await database.query('update users set password_hash = $2 where username = $1', [account, hash]);
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify(passwords, null, 2) + '\n', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  const printed = openApi.filter((a) => fresh.includes(a));
  if (printed.length)
    process.stdout.write(
      `\n  演示运营企业与桩网关的开放接口密码 / demo open-API passwords\n${printed.map((a) => `  ${a}: ${passwords[a]}`).join('\n')}\n  (saved to ${file})\n\n`,
    );
  if (fresh.some((a) => !openApi.includes(a))) process.stdout.write(`  演示外勤人员（运维人员、巡检员、举报人）的登录密码已保存到 ${file}\n\n`);
  return passwords;
}

async function hasDemoCity(database: Database): Promise<boolean> {
  const accounts = generateWorld(DEFAULT_SEED).brands.map((b) => b.account);
  return (await database.query('select 1 from brands where brand_account = any($1::varchar[]) limit 1', [accounts])).length > 0;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
