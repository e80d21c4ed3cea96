import type { MultiAuthResponse } from '@strata/contracts/realtime';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema/users';
import { canViewBoard } from '../modules/boards/board-access';
import { findLockedBoardIds } from '../modules/boards/board-locks';
import { findBoard } from '../modules/boards/boards.repo';
import { teamAccessOf } from '../modules/teams/team-access';
import type { TeamAccess } from '../modules/teams/team-access-types';
import { findTeamForMember, findWorkspaceLevel } from '../modules/teams/teams.repo';
import type { RealtimeBus } from './bus';
import { channelAuthString } from './channel-auth';
import { type ChannelDecision, decideChannelAccess } from './channel-rules';

/** Reads each thing once per request, however many channels name it. */
function memo<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const answers = new Map<K, Promise<V>>();
  return (key) => {
    let answer = answers.get(key);
    if (!answer) {
      answer = load(key);
      answers.set(key, answer);
    }
    return answer;
  };
}

/**
 * Signs, for one socket, each requested channel the user may subscribe to; the rest are 403.
 * Workspace standing is read once per workspace named, a board once per board named. The grant
 * goes on the bus so that the node holding the socket learns whose it is (the HTTP request may
 * reach another node), which is how a member removed later, or a user who no longer sees a
 * board, loses their subscriptions.
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
  const membershipIn = memo((teamId: number) => findTeamForMember(ctx.db, teamId, user.id));
  // A board's channel needs the whole standing (role and the workspace's record); the others only membership.
  const accessIn = memo(async (teamId: number): Promise<TeamAccess | undefined> => {
    const found = await membershipIn(teamId);
    if (!found) return undefined;
    const workspaceLevel = await findWorkspaceLevel(ctx.db, teamId);
    return teamAccessOf({ team: found.team, user, memberRole: found.memberRole, workspaceLevel });
  });
  const boardOf = memo((ref: string) => {
    const [teamId, boardId] = ref.split('/');
    return findBoard(ctx.db, Number(teamId), boardId!);
  });
  const isAllowed = async (decision: ChannelDecision): Promise<boolean> => {
    if (decision.kind === 'allow' || decision.kind === 'deny') return decision.kind === 'allow';
    if (decision.kind === 'member-of') return (await membershipIn(decision.teamId)) !== undefined;
    const access = await accessIn(decision.teamId);
    if (!access) return false;
    const board = await boardOf(`${decision.teamId}/${decision.boardId}`);
    if (board === undefined || !canViewBoard(access, board)) return false;
    // A board locked for the user by its password keeps its events from them too.
    return (await findLockedBoardIds(ctx.db, access, [board])).size === 0;
  };
  const response: MultiAuthResponse = {};
  const granted: string[] = [];
  for (const channel of new Set(options.channelNames)) {
    if (!(await isAllowed(decideChannelAccess({ channel, user })))) {
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
