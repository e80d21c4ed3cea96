import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueParts } from './vite/catalogue-parts';
import { precompress } from './vite/precompress';
import { routePreloads } from './vite/route-preloads';

// The app and the server are released together: the build carries the server package's version.
const version = JSON.parse(readFileSync(new URL('../server/package.json', import.meta.url), 'utf8'))
  .version as string;

const tokens = readFileSync(new URL('./src/ui/tokens.css', import.meta.url), 'utf8');

/** The light-theme half of a `light-dark()` design token (a manifest cannot follow the theme). */
function lightToken(name: string): string {
  const match = tokens.match(new RegExp(`--${name}:\\s*light-dark\\((#[0-9a-fA-F]{3,8})`));
  if (!match) throw new Error(`design token --${name} has no light-dark() colour`);
  return match[1]!;
}

/**
 * The installable app (docs/pwa.md): the web manifest, and the service worker built from
 * src/sw/service-worker.ts to /service-worker.js with the precache list of this build injected.
 * Registration is the app's own (lib/service-worker.ts), so nothing is injected into index.html
 * but the manifest link.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'service-worker.ts',
  scope: '/',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    id: '/',
    name: 'Strata',
    short_name: 'Strata',
    description: 'Collaborative work management',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: lightToken('color-primary'),
    background_color: lightToken('color-bg'),
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    protocol_handlers: [{ protocol: 'web+strata', url: '/open?url=%s' }],
  },
  injectManifest: {
    // The app shell: the page, every chunk (locale catalogues and lazy screens included),
    // stylesheets, fonts, icons. Source maps stay out.
    globPatterns: ['**/*.{html,js,css,json,woff2,woff,svg,ico}'],
  },
  devOptions: { enabled: false },
});

// In development the API runs on its own port (npm run dev starts both); the build is served by
// the server itself on one origin.
export default defineConfig({
  plugins: [
    catalogueParts(),
    react(),
    pwa,
    routePreloads(fileURLToPath(new URL('.', import.meta.url))),
    precompress(),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // What the first screen needs comes as one file: fewer round trips, and none of the small
    // shared chunks the splitter would otherwise cut out of it.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/dev/mail': 'http://localhost:8080',
    },
  },
});
