/**
 * Builds the console and the server once before the browser tests, so that they never run against
 * stale output. Set E2E_SKIP_BUILD=1 to use the existing web/dist and server/dist as they are.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { OUTPUT_DIR, ROOT, SERVER_MAIN, WEB_DIST } from './paths';

export default function setup() {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  if (process.env.E2E_SKIP_BUILD !== '1') {
    for (const ws of ['web', 'server']) {
      console.log(`[e2e] npm run build -w ${ws}`);
      // vitest sets NODE_ENV=test; a production build needs it unset
      const env = { ...process.env, NODE_ENV: 'production' };
      execFileSync('npm', ['run', 'build', '-w', ws], { cwd: ROOT, stdio: 'inherit', env });
    }
  }
  if (!existsSync(`${WEB_DIST}/index.html`)) throw new Error(`web build missing: ${WEB_DIST}/index.html (run npm run build -w web)`);
  if (!existsSync(SERVER_MAIN)) throw new Error(`server build missing: ${SERVER_MAIN} (run npm run build -w server)`);
}
