// Type-checks the two TypeScript projects (the server, packages, tests and benches; the web app)
// at once, one tsc each: on a machine with two cores this takes the time of the slower, not the
// sum. Exits non-zero if either finds an error; their output is shown as each prints it.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const projects = ['tsconfig.json', 'apps/web/tsconfig.json'];

const codes = await Promise.all(
  projects.map(
    (project) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: 'inherit' });
        child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
        child.on('error', () => resolve(1));
      }),
  ),
);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
