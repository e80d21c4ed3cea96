// The npm registry this project is built from carries only the Linux glibc builds of Biome, so
// `npm install` leaves the other platforms' optional binaries out of package-lock.json and
// `npm ci` then refuses the lock. This adds their entries back; npm never fetches them on a
// platform they do not match. Run it after any `npm install` that changes Biome's version.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const biome = lock.packages['node_modules/@biomejs/biome'];
const platforms = {
  'cli-win32-x64': ['win32', 'x64'],
  'cli-win32-arm64': ['win32', 'arm64'],
  'cli-darwin-x64': ['darwin', 'x64'],
  'cli-darwin-arm64': ['darwin', 'arm64'],
  'cli-linux-x64': ['linux', 'x64'],
  'cli-linux-arm64': ['linux', 'arm64'],
  'cli-linux-x64-musl': ['linux', 'x64'],
  'cli-linux-arm64-musl': ['linux', 'arm64'],
  'cli-android-x64': ['android', 'x64'],
  'cli-android-arm64': ['android', 'arm64'],
};
let added = 0;
for (const [name, [os, cpu]] of Object.entries(platforms)) {
  const key = `node_modules/@biomejs/${name}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = {
    version: biome.version,
    cpu: [cpu],
    dev: true,
    license: 'MIT OR Apache-2.0',
    optional: true,
    os: [os],
    ...(name.endsWith('-musl') ? { libc: ['musl'] } : {}),
    engines: { node: '>=14.21.3' },
  };
  added += 1;
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries of Biome added`);
