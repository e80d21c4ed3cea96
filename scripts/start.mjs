// `npm start`: builds the web app and the server when their build is missing or older than their
// sources, then runs the server in this process.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const shared = ['packages/domain/src', 'packages/contracts/src', 'package-lock.json'].map((p) =>
  join(root, p),
);
const targets = [
  {
    workspace: '@strata/web',
    output: join(root, 'apps/web/dist/index.html'),
    sources: [
      join(root, 'apps/web/src'),
      join(root, 'apps/web/index.html'),
      join(root, 'apps/web/vite.config.ts'),
      join(root, 'apps/web/public'),
      join(root, 'packages/sync/src'),
      ...shared,
    ],
  },
  {
    workspace: '@strata/server',
    output: join(root, 'apps/server/dist/main.js'),
    sources: [join(root, 'apps/server/src'), join(root, 'apps/server/drizzle'), ...shared],
  },
];

for (const target of targets) {
  const built = existsSync(target.output) ? statSync(target.output).mtimeMs : 0;
  const changed = Math.max(...target.sources.map(newestMtime));
  if (built === 0 || changed > built) {
    console.log(`strata: building ${target.workspace}…`);
    execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', target.workspace], {
      cwd: root,
      stdio: 'inherit',
      // The build is always a production build, whatever NODE_ENV the server itself runs with.
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}

await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);
