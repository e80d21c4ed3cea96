import { z } from 'zod';

export const appVarsPath = '/api/app-vars';

/** The app variables of spec section 3. */
export const appVarsSchema = z.object({
  app: z.object({
    version: z.string(),
    name: z.string(),
    common_url: z.string(),
    frontend: z.object({ marketing_website: z.string() }),
  }),
  automation: z.object({ user_id: z.number().int().nullable() }),
  TENANT_KEY: z.string().nullable(),
  broadcasting: z.object({ key: z.string(), host: z.string(), port: z.number().int() }),
  error_reporting_key: z.string().nullable(),
  analytics: z.object({ driver: z.string().nullable(), write_key: z.string().nullable() }),
  app_key: z.string().nullable(),
  timeout: z.number().int(),
  mobile_sync_threshold: z.number().int(),
  payment_key: z.string().nullable(),
  bot_check_site_key: z.string().nullable(),
  min_client_version: z.string().nullable(),
  /** Largest profile photo in MB, so clients check before uploading. */
  photo_max_mb: z.number(),
  /** Base URL of the status-message service, or null when there is none. */
  status_message_url: z.string().nullable(),
  features: z.record(z.string(), z.boolean()),
  customization: z.object({
    name: z.string(),
    loader: z.string().nullable(),
    logoWide: z.string().nullable(),
    font: z.string().nullable(),
    colors: z.record(z.string(), z.string()),
  }),
});
export type AppVars = z.infer<typeof appVarsSchema>;
