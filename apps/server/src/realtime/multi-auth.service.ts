import type { MultiAuthResponse } from '@strata/contracts/realtime';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema/users';
import { findTeamForMember } from '../modules/teams/teams.repo';
import type { RealtimeBus } from './bus';
import { channelAuthString } from './channel-auth';
import { decideChannelAccess } from './channel-rules';

/**
 * Signs, for one socket, each requested channel the user may subscribe to; the rest are 403.
 * Workspace membership is read once per workspace named. The grant goes on the bus so that the
 * node holding the socket learns whose it is (the HTTP request may reach another node), which is
 * how a member removed later loses their subscriptions.
 */
export async function authoriseChannels(options: {
  ctx: AppContext;
  user: Pick<UserRow, 'id' | 'guest'>;
  socketId: string;
  channelNames: string[];
  key: string;
  secret: string;
  bus: RealtimeBus;
}): Promise<MultiAuthResponse> {
  const { ctx, user, socketId, key, secret } = options;
  const membership = new Map<number, Promise<boolean>>();
  const isMember = (teamId: number) => {
    let answer = membership.get(teamId);
    if (!answer) {
      answer = findTeamForMember(ctx.db, teamId, user.id).then((row) => row !== undefined);
      membership.set(teamId, answer);
    }
    return answer;
  };
  const response: MultiAuthResponse = {};
  const granted: string[] = [];
  for (const channel of new Set(options.channelNames)) {
    const decision = decideChannelAccess({ channel, user });
    const allowed =
      decision.kind === 'allow' || (decision.kind === 'member-of' && (await isMember(decision.teamId)));
    if (!allowed) {
      response[channel] = { status: 403 };
      continue;
    }
    response[channel] = {
      status: 200,
      data: { auth: channelAuthString({ key, secret, socketId, channel }) },
    };
    granted.push(channel);
  }
  if (granted.length > 0) {
    await options.bus.publish({ kind: 'grant', socketId, userId: user.id, channels: granted });
  }
  return response;
}
