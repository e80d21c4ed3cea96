// A worker thread's entry: loads TypeScript through tsx (its loader is not a worker's by default).
import { register } from 'tsx/esm/api';

register();
await import('./load-worker.ts');
