import type { Logger } from 'pino';
import { boardOfChannel } from './channel-rules';

/** Per board, which of these users still see it (the hub is given one reading the database). */
export type BoardViewersCheck = (question: {
  teamId: number;
  boardIds: readonly string[];
  userIds: readonly number[];
}) => Promise<ReadonlyMap<string, ReadonlySet<number>>>;

/** See the bus message `board-access-changed`. */
export interface BoardAccessChange {
  teamId: number;
  boardId?: string;
  userId?: number;
}

/** A socket as the re-check sees it: the users multi-auth signed channels for on it. */
export interface BoardWatcher {
  userIds: ReadonlySet<number>;
}

export interface ChannelMessage {
  channel: string;
  event: string;
  data: unknown;
}

/** A re-check that cannot settle (sockets keep arriving) gives up after this many rounds. */
const MAX_ROUNDS = 5;

/**
 * Takes board channels from the sockets whose users no longer see the board. The check reads the
 * database, so it is asynchronous: while it runs, events for the channels under check are held
 * back and sent afterwards, in order, to the sockets that kept the channel. A user who lost the
 * board therefore gets nothing published after the change that cost it to them.
 *
 * Sockets subscribed (or signed in) while a check runs are checked in a further round. A socket
 * no user was bound to (multi-auth never vouched for it on this node) keeps no board channel. When
 * the check fails, nobody keeps the channels in question (fail closed): clients subscribe again,
 * and multi-auth decides afresh.
 */
export function createBoardRevoker<W extends BoardWatcher>(options: {
  check: BoardViewersCheck | undefined;
  log: Logger;
  /** This node's board channels of a workspace (subscribed or signed). */
  boardChannels(teamId: number): Iterable<string>;
  /** The sockets subscribed to, or signed for, a channel. */
  watchers(channel: string): Iterable<W>;
  /** Takes the channel from the socket for good (until a fresh signature). */
  revoke(watcher: W, channel: string): void;
  /** Sends an event held back during a check to the channel's subscribers of now. */
  send(message: ChannelMessage): void;
}) {
  const { log } = options;
  const held = new Map<string, { checks: number; queue: ChannelMessage[] }>();

  function hold(channel: string) {
    const entry = held.get(channel);
    if (entry) entry.checks += 1;
    else held.set(channel, { checks: 1, queue: [] });
  }

  function release(channel: string) {
    const entry = held.get(channel);
    if (!entry) return;
    entry.checks -= 1;
    if (entry.checks > 0) return;
    held.delete(channel);
    for (const message of entry.queue) options.send(message);
  }

  /** The users on these channels whose answer is not known yet, per channel. */
  function undecided(
    channels: readonly string[],
    decided: Map<string, Map<number, boolean>>,
    onlyUser: number | undefined,
  ) {
    const open = new Map<string, number[]>();
    for (const channel of channels) {
      const known = decided.get(channel);
      const ids = new Set<number>();
      for (const watcher of options.watchers(channel))
        for (const id of watcher.userIds)
          if ((onlyUser === undefined || id === onlyUser) && !known?.has(id)) ids.add(id);
      if (ids.size > 0) open.set(channel, [...ids]);
    }
    return open;
  }

  async function decide(
    teamId: number,
    channels: readonly string[],
    onlyUser: number | undefined,
  ): Promise<Map<string, Map<number, boolean>>> {
    const decided = new Map(channels.map((channel) => [channel, new Map<number, boolean>()]));
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const open = undecided(channels, decided, onlyUser);
      if (open.size === 0) return decided;
      const boardIds = [...open.keys()].map((channel) => boardOfChannel(channel)!.boardId);
      const userIds = [...new Set([...open.values()].flat())];
      const viewers = options.check ? await options.check({ teamId, boardIds, userIds }) : new Map();
      for (const [channel, ids] of open) {
        const seeing = viewers.get(boardOfChannel(channel)!.boardId);
        for (const id of ids) decided.get(channel)!.set(id, seeing?.has(id) ?? false);
      }
    }
    // Still unsettled: whoever is left unanswered is judged as not seeing the board.
    return decided;
  }

  return {
    /** Holds the event back when its channel is under check; false when it may go now. */
    holdBack(message: ChannelMessage): boolean {
      const entry = held.get(message.channel);
      if (!entry) return false;
      entry.queue.push(message);
      return true;
    },

    /** Re-checks this node's watchers of the boards in question; resolves when done. */
    async recheck(change: BoardAccessChange): Promise<void> {
      const channels = [...options.boardChannels(change.teamId)].filter(
        (channel) => change.boardId === undefined || boardOfChannel(channel)?.boardId === change.boardId,
      );
      if (channels.length === 0) return;
      for (const channel of channels) hold(channel);
      try {
        let decided: Map<string, Map<number, boolean>> | undefined;
        try {
          decided = await decide(change.teamId, channels, change.userId);
        } catch (error) {
          log.error({ err: error, ...change }, 'board access re-check failed: its channels are closed');
        }
        for (const channel of channels) {
          const answers = decided?.get(channel);
          for (const watcher of [...options.watchers(channel)]) {
            const ids = [...watcher.userIds].filter(
              (id) => change.userId === undefined || id === change.userId,
            );
            const isUnvouched = change.userId === undefined && watcher.userIds.size === 0;
            if (isUnvouched || ids.some((id) => answers?.get(id) !== true)) options.revoke(watcher, channel);
          }
        }
      } finally {
        for (const channel of channels) release(channel);
      }
    },
  };
}
