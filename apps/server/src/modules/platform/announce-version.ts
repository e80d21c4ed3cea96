import type { AppContext } from '../../context';
import { recordEvent } from '../../events/outbox';

/** The channel every signed-in app listens to for new versions (spec section 7). */
export const PUBLIC_NOTIFICATIONS_CHANNEL = 'public-notifications';

/**
 * Announces this process's version to open apps (NewAppVersion on public-notifications). Every
 * process announces when it starts: apps already on this version ignore it, so a rolling
 * deployment's repeats cost nothing. With FORCE_RELOAD_ON_DEPLOY the apps reload by themselves.
 */
export async function announceVersion(ctx: AppContext): Promise<void> {
  const version = ctx.config.appVersion;
  await recordEvent(ctx.db, {
    teamId: null,
    type: 'NewAppVersion',
    channel: PUBLIC_NOTIFICATIONS_CHANNEL,
    payload: { id: version, data: { version, force: ctx.config.forceReloadOnDeploy } },
  });
}
