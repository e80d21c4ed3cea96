import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { createVerifiedAccount } from './accounts';
import { seedBoard, seedView } from './board-seed';
import { apiCall, signedInPage, workspaceWithMember } from './workspace-setup';

/** What the documents browser tests share: a handbook of pages, its editor, and its readers. */

const baseUrl = inject('baseUrl');

/** Two people of one workspace and a Handbook folder of two pages (one with a subpage), shown as documents. */
export async function handbook(names: [string, string]) {
  const ada = await createVerifiedAccount(baseUrl, names[0]);
  const ben = await createVerifiedAccount(baseUrl, names[1]);
  const team = await workspaceWithMember(baseUrl, ada, ben);
  const board = await seedBoard(baseUrl, ada.token, team.id, {
    name: 'Wiki',
    folders: ['Handbook'],
    columns: [{ name: 'Contact', type: 'email' }],
    items: [
      { values: { Name: 'Onboarding', Contact: 'people@example.com' } },
      { values: { Name: 'Holidays' } },
    ],
  });
  const folderId = board.folders.Handbook!;
  const view = await seedView(baseUrl, ada.token, team.id, { folderId, type: 'documents', name: 'Pages' });
  return {
    ada,
    ben,
    teamId: team.id,
    folderId,
    path: `${baseUrl}/b/${board.boardId}/${folderId}?view=${view.id}`,
  };
}

/** The page's body, by its name in English or in Arabic. */
export const editorOf = (page: Page) => page.getByRole('textbox', { name: /(page content|محتوى الصفحة)$/ });
/** Opens the page in each browser and waits until its document is loaded and saved. */
export async function openSaved(path: string, ...parties: { page: Page }[]) {
  for (const { page } of parties) {
    await page.goto(path);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'All changes saved' }).count())
      .toBe(1);
  }
}

/**
 * Puts the caret at the end of the page's text, and waits until it is there: focus restores the
 * editor's own selection a moment later on a busy machine, which would undo a Ctrl+End pressed
 * too soon (a click's caret does the same). Nothing but the others' cursors may follow it.
 */
export async function caretToEnd(page: Page) {
  await expect
    .poll(async () => {
      await editorOf(page).focus();
      await page.keyboard.press('Control+End');
      return editorOf(page).evaluate((editor) => {
        const selection = document.getSelection();
        if (!selection?.focusNode || !editor.contains(selection.focusNode)) return false;
        const after = document.createRange();
        after.setStart(selection.focusNode, selection.focusOffset);
        after.setEnd(editor, editor.childNodes.length);
        const rest = after.cloneContents();
        for (const hidden of Array.from(rest.querySelectorAll('[aria-hidden="true"]'))) hidden.remove();
        return rest.textContent === '';
      });
    })
    .toBe(true);
}

/** A handbook open on its first page for a writer in English and a reader in Arabic and dark mode, both loaded. */
export async function writerAndArabicReader(browser: Browser, names: [string, string]) {
  const { ada, ben, path } = await handbook(names);
  await apiCall(baseUrl, ben.token, 'PUT', '/api/me', { locale: 'ar' });
  const writer = await signedInPage(browser, ada.token);
  const reader = await signedInPage(browser, ben.token, { colorScheme: 'dark' });
  await openSaved(path, writer);
  await reader.page.goto(path);
  await expect
    .poll(() => reader.page.getByRole('status').filter({ hasText: 'تم حفظ كل التغييرات' }).count())
    .toBe(1);
  return { writer, reader, ben };
}

/** The page's text as its reader hears it: without the others' cursors (aria-hidden). */
export const textOf = (page: Page) =>
  editorOf(page).evaluate((editor) => {
    const copy = editor.cloneNode(true) as HTMLElement;
    for (const hidden of Array.from(copy.querySelectorAll('[aria-hidden="true"]'))) hidden.remove();
    return copy.textContent;
  });
