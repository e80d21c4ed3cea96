import { afterAll, beforeAll, describe } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { invalidationCases } from './invalidation.cases';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('hot caches in one process', () => {
  invalidationCases(() => ({ t, nodes: [t.request] }));
});
