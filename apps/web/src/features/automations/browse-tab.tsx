import type { Recipe } from '@strata/domain/automations/recipe';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../../ui/button';
import styles from './automations.module.css';
import { newRecipe } from './recipe-draft';
import { galleryRecipes, PLACEHOLDERS } from './recipe-gallery';
import { recipeSentence, sentenceText } from './recipe-sentence';
import { RecipeSentenceView } from './recipe-sentence-view';
import { useAutomationBoard } from './use-automation-board';

/** The gallery: ready recipes as sentences with blanks; choosing one opens the builder with it. */
export function BrowseTab({ onChoose }: { onChoose(recipe: Recipe, name: string): void }) {
  const { t } = useTranslation();
  const board = useAutomationBoard();
  const recipes = useMemo(
    () =>
      galleryRecipes({
        doneMessage: t('views.automations.texts.done', PLACEHOLDERS),
        movedMessage: t('views.automations.texts.moved', PLACEHOLDERS),
        commentMessage: t('views.automations.texts.commented', PLACEHOLDERS),
        changedComment: t('views.automations.texts.changed', PLACEHOLDERS),
        checkedSubject: t('views.automations.texts.checked', PLACEHOLDERS),
        dueMessage: t('views.automations.texts.due', PLACEHOLDERS),
      }).map(({ id, recipe }) => ({ id, recipe, parts: recipeSentence(recipe, board.names, t) })),
    [t, board.names],
  );
  return (
    <>
      <p className={styles.hint}>{t('views.automations.browse.intro')}</p>
      <ul className={styles.gallery} aria-label={t('views.automations.browse.label')}>
        {recipes.map(({ id, recipe, parts }) => (
          <li key={id}>
            <button
              type="button"
              className={styles.recipeCard}
              aria-label={sentenceText(parts)}
              onClick={() => onChoose(recipe, '')}
            >
              <RecipeSentenceView as="span" parts={parts} emptyLabel={t('views.automations.blank.toFill')} />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" className={styles.startBlank} onClick={() => onChoose(newRecipe(), '')}>
        <Plus size={16} aria-hidden="true" />
        {t('views.automations.browse.blank')}
      </Button>
    </>
  );
}
