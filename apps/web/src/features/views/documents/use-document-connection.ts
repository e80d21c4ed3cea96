import type { HocuspocusProvider } from '@hocuspocus/provider';
import { useEffect, useState } from 'react';
import { openDocument } from './collab-connection';

/** Where a page's connection stands, as the page tells it. */
export type DocumentStatus = 'connecting' | 'saved' | 'saving' | 'offline' | 'readonly' | 'refused';

/**
 * A live connection to an item's document while the calling component is mounted: made in an
 * effect (so a remount makes a new one) and destroyed with it. Changes made while offline stay in
 * the document (kept on the device) and go out when the connection comes back.
 */
export function useDocumentConnection(userId: number, teamId: number, itemId: string) {
  const [provider, setProvider] = useState<HocuspocusProvider | null>(null);
  const [status, setStatus] = useState<DocumentStatus>('connecting');
  useEffect(() => {
    const { provider: opened, close } = openDocument(userId, teamId, itemId);
    let scope: string | undefined;
    const update = () => {
      if (scope === 'readonly') return setStatus('readonly');
      const socket = opened.configuration.websocketProvider.status;
      // Never reached, or lost: what is typed stays on the device until the connection is back.
      if (socket === 'disconnected') return setStatus('offline');
      if (socket !== 'connected') return setStatus(opened.isSynced ? 'offline' : 'connecting');
      setStatus(!opened.isSynced ? 'connecting' : opened.unsyncedChanges > 0 ? 'saving' : 'saved');
    };
    opened.on('authenticated', ({ scope: given }: { scope: string }) => {
      scope = given;
      update();
    });
    opened.on('authenticationFailed', () => setStatus('refused'));
    for (const event of ['status', 'synced', 'unsyncedChanges']) opened.on(event, update);
    setProvider(opened);
    setStatus('connecting');
    return () => {
      close();
      setProvider(null);
    };
  }, [userId, teamId, itemId]);
  return { provider, status };
}
