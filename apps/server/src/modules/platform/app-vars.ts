import type { AppVars } from '@strata/contracts/app-vars';
import type { AppConfig } from '../../config';

/** The app variables of spec section 3: configuration, and Autobot's id (automation.user_id). */
export function buildAppVars(config: AppConfig, autobotId: number | null): AppVars {
  const url = new URL(config.appUrl);
  const defaultPort = url.protocol === 'https:' ? 443 : 80;
  return {
    app: {
      version: config.appVersion,
      name: config.appName,
      common_url: config.appUrl,
      frontend: { marketing_website: config.appUrl },
    },
    automation: { user_id: autobotId },
    TENANT_KEY: null,
    broadcasting: {
      key: config.pusherKey,
      host: config.broadcastHost ?? url.hostname,
      port: config.broadcastPort ?? (url.port ? Number(url.port) : defaultPort),
    },
    error_reporting_key: null,
    analytics: { driver: null, write_key: null },
    app_key: null,
    timeout: config.requestTimeoutMs,
    mobile_sync_threshold: config.mobileSyncThreshold,
    payment_key: null,
    bot_check_site_key: null,
    min_client_version: config.minClientVersion ?? null,
    photo_max_mb: config.photoMaxMb,
    status_message_url: config.statusMessageUrl ?? null,
    features: config.features,
    customization: { name: config.appName, loader: null, logoWide: null, font: null, colors: {} },
  };
}
