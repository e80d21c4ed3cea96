import { z } from 'zod';

export const devMailPath = '/api/dev/mail';

export const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export const devMailListSchema = z.array(devMailSchema);
export type DevMail = z.infer<typeof devMailSchema>;
