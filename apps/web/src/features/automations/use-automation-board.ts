import type { Folder } from '@strata/contracts/boards';
import type { Hook } from '@strata/contracts/hooks';
import type { Attribute } from '@strata/contracts/items';
import type { TeamMember } from '@strata/contracts/teams';
import type { FolderView } from '@strata/contracts/views';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import type { RecipeBoard } from '@strata/domain/automations/recipe-check';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useAttributes } from '../../lib/items/use-items';
import { useSession } from '../../lib/session';
import { useBoardView } from '../boards/board-context';
import { useTeamMembers } from '../workspaces';
import type { RecipeNames } from './recipe-sentence';
import { useBoardForms } from './use-board-forms';
import { useBoardHooks } from './use-board-hooks';

/**
 * What the screen works with: the board's attributes, folders, forms and webhooks, the
 * workspace's people.
 */
export interface AutomationBoard {
  teamId: number;
  boardId: string;
  attributes: readonly Attribute[];
  folders: readonly Folder[];
  /** The form views of the board's folders (a form trigger's choices and names). */
  forms: readonly FolderView[];
  /** The board's webhooks, paused and switched-off ones too (a call-webhook action's choices). */
  hooks: readonly Hook[];
  /** The workspace's people: those an automation may name. */
  members: readonly TeamMember[];
  context: ValueContext;
  names: RecipeNames;
  /** What recipeProblems checks a recipe against, as the server does. */
  recipeBoard: RecipeBoard;
  /**
   * The attributes, every folder's forms and the webhooks have come (a form or webhook not among
   * them is really gone).
   */
  isLoaded: boolean;
}

export function useAutomationBoard(): AutomationBoard {
  const { i18n } = useTranslation();
  const { profile } = useSession();
  const { board, teamId, folders } = useBoardView();
  const attributes = useAttributes(teamId, board.id);
  const members = useTeamMembers(teamId);
  const hooks = useBoardHooks(teamId, board.id);
  const attributeList = attributes.data;
  const memberList = members.data;
  const hookList = hooks.data;
  // A list that could not be read is not waited for: the server checks the recipe again anyway.
  const areHooksLoaded = hookList !== undefined || hooks.isError;
  const { forms, isLoaded: areFormsLoaded } = useBoardForms(
    teamId,
    board.id,
    folders.map((folder) => folder.id),
  );
  return useMemo(() => {
    const byId = new Map((attributeList ?? []).map((attribute) => [attribute.id, attribute]));
    const folderNames = new Map(folders.map((folder) => [folder.id, folder.name]));
    const memberNames = new Map((memberList ?? []).map((member) => [member.id, member.name]));
    const formNames = new Map(forms.map((form) => [form.id, form.name]));
    const hookUrls = new Map((hookList ?? []).map((hook) => [hook.id, hook.url]));
    const context: ValueContext = {
      locale: i18n.language,
      timeZone: profile?.timezone ?? undefined,
      weekStartsOn: profile?.start_of_week ?? null,
      currentUserId: profile?.id ?? null,
      memberName: (id) => memberNames.get(id),
      folderName: (id) => folderNames.get(id),
    };
    return {
      teamId,
      boardId: board.id,
      attributes: attributeList ?? [],
      folders,
      forms,
      hooks: hookList ?? [],
      members: memberList ?? [],
      context,
      names: {
        attribute: (id) => byId.get(id),
        folder: (id) => folderNames.get(id),
        form: (id) => formNames.get(id),
        hook: (id) => hookUrls.get(id),
        member: (id) => memberNames.get(id),
        context,
      },
      recipeBoard: {
        attributes: attributeList ?? [],
        folderIds: folders.map((folder) => folder.id),
        formIds: forms.map((form) => form.id),
        hookIds: (hookList ?? []).map((hook) => hook.id),
      },
      isLoaded: attributeList !== undefined && areFormsLoaded && areHooksLoaded,
    };
  }, [
    attributeList,
    memberList,
    hookList,
    areHooksLoaded,
    folders,
    forms,
    areFormsLoaded,
    teamId,
    board.id,
    i18n.language,
    profile,
  ]);
}
