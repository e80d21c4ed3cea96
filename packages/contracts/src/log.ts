import { z } from 'zod';

export const logPath = '/api/log';

/** An app event such as a page view: `{ name, properties }` (spec section 7). */
export const logBody = z.object({
  name: z.string().trim().min(1).max(100),
  properties: z
    .record(z.string(), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
    .default({}),
});
