// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { useTranslation } from './use-translation';

beforeEach(async () => {
  await i18next.init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    resources: {
      'en-US': {
        translation: {
          greet: 'Hello',
          named: 'Hello {{name}}',
          count_one: '{{count}} item',
          count_other: '{{count}} items',
        },
      },
      'fr-FR': { translation: { greet: 'Bonjour' } },
    },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

function Texts({ keys }: { keys: string[] }) {
  const { t, i18n } = useTranslation();
  return (
    <p data-testid="texts" lang={i18n.language}>
      {keys.map((key) => t(key)).join('|')}|{t('named', { name: 'Ada' })}|{t('count', { count: 2 })}
    </p>
  );
}

describe('useTranslation', () => {
  test('answers texts by key alone and with options, as i18next does', () => {
    render(<Texts keys={['greet', 'missing.key']} />);
    expect(screen.getByTestId('texts').textContent).toBe('Hello|missing.key|Hello Ada|2 items');
  });

  test('a language change re-renders every component in the new language, falling back per key', async () => {
    render(<Texts keys={['greet', 'named']} />);
    await act(() => i18next.changeLanguage('fr-FR'));
    const texts = screen.getByTestId('texts');
    expect(texts.textContent).toBe('Bonjour|Hello {{name}}|Hello Ada|2 items');
    expect(texts.getAttribute('lang')).toBe('fr-FR');
  });

  test('a text kept before its catalogue part came is read again once the part is added', () => {
    const { rerender } = render(<Texts keys={['later']} />);
    expect(screen.getByTestId('texts').textContent).toBe('later|Hello Ada|2 items');
    i18next.addResourceBundle('en-US', 'translation', { later: 'Now here' }, true, true);
    rerender(<Texts keys={['later', 'greet']} />);
    expect(screen.getByTestId('texts').textContent).toBe('Now here|Hello|Hello Ada|2 items');
  });

  test('a catalogue set up again replaces the kept texts', async () => {
    const { rerender } = render(<Texts keys={['greet']} />);
    expect(screen.getByTestId('texts').textContent).toBe('Hello|Hello Ada|2 items');
    await act(() => i18next.init({ lng: 'en-US', resources: { 'en-US': { translation: { greet: 'Hi' } } } }));
    rerender(<Texts keys={['greet']} />);
    expect(screen.getByTestId('texts').textContent).toBe('Hi|named|count');
  });
});
