/**
 * A GBFS 2.3 system on a local port for tests that import from a URL: gbfs.json (feeds per language)
 * and the real Divvy pair of test/fixtures/gbfs behind it. The server does not keep the process alive.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const file = (name: string) => fs.readFileSync(new URL(`../fixtures/gbfs/${name}`, import.meta.url));

/** Starts the server; answers its discovery file's URL. */
export async function serveDivvy(): Promise<string> {
  const files: Record<string, Buffer> = {
    '/en/station_information.json': file('divvy-station_information.json'),
    '/en/station_status.json': file('divvy-station_status.json'),
  };
  let origin = '';
  const server = http.createServer((req, res) => {
    const body =
      req.url === '/gbfs.json'
        ? JSON.stringify({
            data: { en: { feeds: ['station_information', 'station_status'].map((name) => ({ name, url: `${origin}/en/${name}.json` })) } },
            last_updated: 1738144058,
            ttl: 60,
            version: '2.3',
          })
        : files[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(body ?? '{}');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  server.unref();
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return `${origin}/gbfs.json`;
}
