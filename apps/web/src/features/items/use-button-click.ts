import type { ButtonClick } from '@strata/contracts/automations';
import type { Attribute } from '@strata/contracts/items';
import { readSettings } from '@strata/domain/attributes/attribute-settings';
import { hasAllowedScheme } from '@strata/domain/urls';
import { HttpError } from '@strata/sync/http-client';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { isConnected } from '../../lib/connection';
import { errorMessage } from '../../lib/errors';
import { toasts } from '../../ui/toast-store';

/**
 * A button cell clicked. Online, the click goes to the server (POST …/buttons/{attributeId}),
 * which sets its values as the clicker and starts the automations it names or that it triggers;
 * the item's new values come back through real time like any change. Offline, "set values" is
 * written here (the offline queue replays it) and "run an automation" says it needs a connection.
 * A URL opens as before (one stored before the API refused other schemes does not).
 */
export function useButtonClick(options: {
  teamId: number;
  attributes: readonly Attribute[] | undefined;
  onChangeValue(itemId: string, attributeId: string, data: unknown): void;
}) {
  const { teamId, attributes, onChangeValue } = options;
  const { t } = useTranslation();
  return useCallback(
    (itemId: string, attributeId: string) => {
      const attribute = attributes?.find((candidate) => candidate.id === attributeId);
      if (attribute?.type !== 'button') return;
      const { action } = readSettings('button', attribute.settings);
      if (!action) return;
      if (action.type === 'open_url' && hasAllowedScheme(action.url))
        window.open(action.url, '_blank', 'noopener');
      const setHere = () => {
        if (action.type === 'set_values')
          for (const value of action.values) onChangeValue(itemId, value.attribute_id, value.data);
      };
      if (!isConnected()) {
        if (action.type === 'run_automation') toasts.show(t('items.buttons.offline'), { tone: 'error' });
        setHere();
        return;
      }
      api
        .post<ButtonClick>(
          `/api/${teamId}/items/${encodeURIComponent(itemId)}/buttons/${encodeURIComponent(attributeId)}`,
        )
        .catch((caught: unknown) => {
          const isOffline = caught instanceof HttpError && caught.status === 0 && caught.code === 'OFFLINE';
          // The connection dropped on the way: the values still go, through the offline queue.
          if (isOffline && action.type === 'set_values') return setHere();
          // A link's click only tells its automations: the link opened, which is what was asked.
          if (action.type === 'open_url') return;
          toasts.show(
            isOffline && action.type === 'run_automation'
              ? t('items.buttons.offline')
              : errorMessage(caught, t),
            { tone: 'error' },
          );
        });
    },
    [teamId, attributes, onChangeValue, t],
  );
}
