/**
 * Who may subscribe to which real-time channel. Pure: the caller resolves workspace membership,
 * so the rules read as one table and are tested as one. Names carry Pusher's `private-` prefix;
 * events are stored without it (`team.12.users`).
 */

/**
 * allow, deny, allow only a member of the named workspace, or only a member who sees the named
 * board (VIEW_BOARD: a private board's members and the owner, and whatever its record says).
 */
export type ChannelDecision =
  | { kind: 'allow' }
  | { kind: 'deny' }
  | { kind: 'member-of'; teamId: number }
  | { kind: 'board-viewer'; teamId: number; boardId: string };

const MAX_INT4 = 2_147_483_647;
/** Positive integer ids without leading zeros, so one channel has exactly one name. */
const ID = '([1-9]\\d{0,9})';
/** Boards are 11-character base62 ids. */
const BOARD_ID = '[0-9A-Za-z]{11}';

const PUBLIC_NOTIFICATIONS = 'private-public-notifications';
const APP_USER = new RegExp(`^private-App\\.User\\.${ID}$`);
/** users and permissions of spec section 7; records: the generic record-change channel of a workspace. */
const TEAM_CHANNEL = new RegExp(`^private-team\\.${ID}\\.(users|permissions|records)$`);
const TIME_TRACKING = new RegExp(`^private-user\\.${ID}\\.${BOARD_ID}\\.timeTracking$`);
/** A board's record channel (its attributes, items, views): team.{teamId}.board.{boardId}. */
const BOARD_CHANNEL = new RegExp(`^private-team\\.${ID}\\.board\\.(${BOARD_ID})$`);

function toId(text: string | undefined): number | undefined {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_INT4 ? id : undefined;
}

/** The workspace a channel belongs to, if it is one of a workspace's channels (boards' included). */
export function workspaceOfChannel(channel: string): number | undefined {
  const match = TEAM_CHANNEL.exec(channel) ?? TIME_TRACKING.exec(channel) ?? BOARD_CHANNEL.exec(channel);
  return match ? toId(match[1]) : undefined;
}

/** The board a channel belongs to, if it is a board's record channel. */
export function boardOfChannel(channel: string): { teamId: number; boardId: string } | undefined {
  const match = BOARD_CHANNEL.exec(channel);
  const teamId = toId(match?.[1]);
  return match && teamId !== undefined ? { teamId, boardId: match[2]! } : undefined;
}

/** The Pusher name of a board's record channel (events store it without the prefix). */
export const boardChannelName = (teamId: number, boardId: string) =>
  `private-team.${teamId}.board.${boardId}`;

const deny: ChannelDecision = { kind: 'deny' };
const allow: ChannelDecision = { kind: 'allow' };

/**
 * The rule for one channel and one signed-in user. Guests get no real-time subscriptions at all
 * (product spec); unknown names are refused, so a new channel is closed until a rule names it.
 */
export function decideChannelAccess(options: {
  channel: string;
  user: { id: number; guest: boolean };
}): ChannelDecision {
  const { channel, user } = options;
  if (user.guest) return deny;
  if (channel === PUBLIC_NOTIFICATIONS) return allow;
  const appUser = APP_USER.exec(channel);
  if (appUser) return toId(appUser[1]) === user.id ? allow : deny;
  const board = boardOfChannel(channel);
  if (board) return { kind: 'board-viewer', ...board };
  const teamId = workspaceOfChannel(channel);
  if (teamId !== undefined) return { kind: 'member-of', teamId };
  return deny;
}
