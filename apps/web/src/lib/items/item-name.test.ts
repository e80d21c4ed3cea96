import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import arabic from '../../i18n/locales/ar.json';
import enUS from '../../i18n/locales/en-US.json';
import { toasts } from '../../ui/toast-store';
import { acceptItemName, itemNameProblem } from './item-name';

beforeAll(async () => {
  await i18next.init({
    lng: 'en-US',
    resources: { 'en-US': { translation: enUS }, ar: { translation: arabic } },
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  for (const toast of toasts.current()) toasts.dismiss(toast.id);
  await i18next.changeLanguage('en-US');
});

describe("a new item's name", () => {
  test.each([
    { name: 'Print the posters', problem: null },
    { name: 'x'.repeat(255), problem: null },
    { name: ` ${'x'.repeat(255)}  `, problem: null },
    { name: 'x'.repeat(256), problem: 'An item’s name can be at most 255 characters long.' },
  ])('$name.length characters: $problem', ({ name, problem }) => {
    expect(itemNameProblem(i18next.t, name)).toBe(problem);
  });

  test('the message is in the reader’s language', async () => {
    await i18next.changeLanguage('ar');
    expect(itemNameProblem(i18next.t, 'x'.repeat(300))).toBe(
      'يمكن أن يصل اسم العنصر إلى 255 حرفًا على الأكثر.',
    );
  });

  test('a name too long is refused with one error toast however often it is tried', () => {
    const before = toasts.current().filter((toast) => !toast.leaving).length;
    expect(acceptItemName(i18next.t, 'x'.repeat(256))).toBe(false);
    expect(acceptItemName(i18next.t, 'x'.repeat(257))).toBe(false);
    const shown = toasts.current().filter((toast) => !toast.leaving);
    expect(shown).toHaveLength(before + 1);
    expect(shown.at(-1)).toMatchObject({
      tone: 'error',
      message: enUS.views.errors.ITEM_NAME_TOO_LONG.replace('{{max}}', '255'),
    });
    expect(acceptItemName(i18next.t, 'Short')).toBe(true);
  });
});
