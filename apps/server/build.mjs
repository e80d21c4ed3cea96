// Bundles the server (and the workspace packages it imports as TypeScript source) into
// dist/main.js; every npm dependency stays external and is loaded from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalise-dependencies',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@strata/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
