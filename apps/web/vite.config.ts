import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The app and the server are released together: the build carries the server package's version.
const version = JSON.parse(readFileSync(new URL('../server/package.json', import.meta.url), 'utf8'))
  .version as string;

// In development the API runs on its own port (npm run dev starts both); the build is served by
// the server itself on one origin.
export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/dev/mail': 'http://localhost:8080',
    },
  },
});
