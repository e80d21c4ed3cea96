/**
 * The zod the web app's bundle uses (vite.config.ts aliases `zod` here): jitless. Zod otherwise
 * probes `new Function` to compile fast parsers, which the page's Content-Security-Policy (no
 * 'unsafe-eval') refuses, and Chrome lists that refusal as an issue of every page that parses.
 * The server keeps zod's compiled parsers.
 */
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
