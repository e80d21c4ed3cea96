// `npm run test:pg`: the API suite (vitest project `db`) on a real PostgreSQL server, and Redis when
// one answers. Each test file makes its own database on that server and drops it afterwards.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';

const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function answers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

if (!(await answers(databaseUrl))) {
  console.error(`No PostgreSQL answers at ${new URL(databaseUrl).host} (set TEST_DATABASE_URL).`);
  process.exit(1);
}
const env = { ...process.env, TEST_DATABASE_URL: databaseUrl };
if (await answers(redisUrl)) env.TEST_REDIS_URL = redisUrl;
else delete env.TEST_REDIS_URL;

const run = spawnSync('npx', ['vitest', 'run', '--project', 'db', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
