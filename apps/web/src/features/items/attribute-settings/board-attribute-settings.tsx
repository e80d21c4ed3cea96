import { useMemo } from 'react';
import { useBoards } from '../../../lib/boards/use-boards';
import { AttributeSettingsDialog, type AttributeSettingsDialogProps } from './attribute-settings-dialog';

/** The dialog with the workspace's boards (a reference's target); the lazily loaded entry. */
export function BoardAttributeSettings(
  props: Omit<AttributeSettingsDialogProps, 'boards'> & { teamId: number },
) {
  const { teamId, ...rest } = props;
  const boards = useBoards(teamId).data;
  const choices = useMemo(
    () => (boards ?? []).map((board) => ({ id: board.id, name: board.name })),
    [boards],
  );
  return <AttributeSettingsDialog {...rest} boards={choices} />;
}
