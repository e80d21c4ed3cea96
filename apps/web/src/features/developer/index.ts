export { HookLogsPage } from './hook-logs-page';
export { HookPage } from './hook-page';
export { HooksPage } from './hooks-page';
