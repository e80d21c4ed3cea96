import { describe, expect, test } from 'vitest';
import {
  boardOfChannel,
  type ChannelDecision,
  decideChannelAccess,
  workspaceOfChannel,
} from './channel-rules';

const user = { id: 7, guest: false };
const guest = { id: 8, guest: true };
const allow: ChannelDecision = { kind: 'allow' };
const deny: ChannelDecision = { kind: 'deny' };
const memberOf = (teamId: number): ChannelDecision => ({ kind: 'member-of', teamId });
const boardViewer = (teamId: number, boardId: string): ChannelDecision => ({
  kind: 'board-viewer',
  teamId,
  boardId,
});

describe('who may subscribe to which channel', () => {
  test.each<[string, ChannelDecision]>([
    ['private-public-notifications', allow],
    ['private-App.User.7', allow],
    ['private-team.12.users', memberOf(12)],
    ['private-team.12.permissions', memberOf(12)],
    ['private-team.12.records', memberOf(12)],
    ['private-user.12.aZ09aZ09aZ0.timeTracking', memberOf(12)],
    ['private-team.2147483647.users', memberOf(2_147_483_647)],
    ['private-team.12.board.aZ09aZ09aZ0', boardViewer(12, 'aZ09aZ09aZ0')],
    ['private-team.2147483647.board.00000000000', boardViewer(2_147_483_647, '00000000000')],
  ])('allowed (for a member where it says so): %s', (channel, decision) => {
    expect(decideChannelAccess({ channel, user })).toEqual(decision);
  });

  test.each([
    ['another user', 'private-App.User.8'],
    ['a user id with a leading zero', 'private-App.User.07'],
    ['no private- prefix', 'team.12.users'],
    ['a public channel', 'public-notifications'],
    ['a presence channel', 'presence-team.12.users'],
    ['an encrypted channel', 'private-encrypted-team.12.users'],
    ['an unknown team channel', 'private-team.12.secrets'],
    ['a team id of zero', 'private-team.0.users'],
    ['a team id with a leading zero', 'private-team.012.users'],
    ['a team id beyond int4', 'private-team.2147483648.users'],
    ['a team id that is not a number', 'private-team.abc.users'],
    ['a board id of the wrong length', 'private-user.12.short.timeTracking'],
    ['a time-tracking channel in other case', 'private-user.12.aZ09aZ09aZ0.timetracking'],
    ['trailing text', 'private-team.12.users.extra'],
    ['a board id of 10 characters', 'private-team.12.board.aZ09aZ09aZ'],
    ['a board id of 12 characters', 'private-team.12.board.aZ09aZ09aZ09'],
    ['a board id with a dash', 'private-team.12.board.aZ09a-09aZ0'],
    ['a board channel without the private- prefix', 'team.12.board.aZ09aZ09aZ0'],
    ['a board channel of team 0', 'private-team.0.board.aZ09aZ09aZ0'],
    ['a board channel with a leading zero', 'private-team.012.board.aZ09aZ09aZ0'],
    ['a board channel beyond int4', 'private-team.2147483648.board.aZ09aZ09aZ0'],
    ['a board channel with trailing text', 'private-team.12.board.aZ09aZ09aZ0.items'],
    ['a board channel in other case', 'private-team.12.Board.aZ09aZ09aZ0'],
    ['a presence board channel', 'presence-team.12.board.aZ09aZ09aZ0'],
    ['an unknown channel', 'private-anything'],
    ['an empty name', ''],
  ])('denied: %s', (_name, channel) => {
    expect(decideChannelAccess({ channel, user })).toEqual(deny);
  });

  test.each([
    'private-public-notifications',
    'private-App.User.8',
    'private-team.12.users',
    'private-team.12.permissions',
    'private-team.12.records',
    'private-user.12.aZ09aZ09aZ0.timeTracking',
    'private-team.12.board.aZ09aZ09aZ0',
  ])('a guest account is denied every channel: %s', (channel) => {
    expect(decideChannelAccess({ channel, user: guest })).toEqual(deny);
  });

  test('the workspace of a channel is read from team, board and time-tracking channels only', () => {
    expect(workspaceOfChannel('private-team.5.users')).toBe(5);
    expect(workspaceOfChannel('private-team.5.board.aZ09aZ09aZ0')).toBe(5);
    expect(workspaceOfChannel('private-user.5.aZ09aZ09aZ0.timeTracking')).toBe(5);
    expect(workspaceOfChannel('private-App.User.5')).toBeUndefined();
    expect(workspaceOfChannel('private-public-notifications')).toBeUndefined();
  });

  test('the board of a channel is read from board channels only', () => {
    expect(boardOfChannel('private-team.5.board.aZ09aZ09aZ0')).toEqual({ teamId: 5, boardId: 'aZ09aZ09aZ0' });
    expect(boardOfChannel('private-team.5.records')).toBeUndefined();
    expect(boardOfChannel('private-user.5.aZ09aZ09aZ0.timeTracking')).toBeUndefined();
    expect(boardOfChannel('private-team.0.board.aZ09aZ09aZ0')).toBeUndefined();
  });
});
