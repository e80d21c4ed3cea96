import type { DependencyData } from '@strata/domain/attributes/types/dependency-handlers';
import { useTranslation } from '../../../i18n/use-translation';
import own from './dependency-cells.module.css';
import { type ShownTitle, TitleChip } from './item-picker';

/** How a dependency link reads besides its predecessor's title: its type and its lag. */

const lagFormats = new Map<string, Intl.NumberFormat>();
const NUMBER_PARTS = new Set(['plusSign', 'minusSign', 'integer', 'group', 'decimal', 'fraction']);

/** A lag as the reader's language writes it, and its signed number apart (kept left to right). */
export interface LagText {
  text: string;
  before: string;
  number: string;
  after: string;
}

/** A lag in the reader's language as a signed number of days: "+2d", "-1 T", "+3天". */
function lagText(lagDays: number, locale: string): LagText {
  let format = lagFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'day',
      unitDisplay: 'narrow',
      signDisplay: 'exceptZero',
    });
    lagFormats.set(locale, format);
  }
  const parts = format.formatToParts(lagDays);
  const start = parts.findIndex((part) => NUMBER_PARTS.has(part.type));
  let end = start;
  while (end + 1 < parts.length && NUMBER_PARTS.has(parts[end + 1]!.type)) end++;
  const join = (list: readonly Intl.NumberFormatPart[]) => list.map((part) => part.value).join('');
  return {
    text: join(parts),
    before: join(parts.slice(0, start)),
    number: join(parts.slice(start, end + 1)),
    after: join(parts.slice(end + 1)),
  };
}

export interface LinkDetail {
  /** The type's short name ("SS"), for the chip. */
  type: string;
  /** The type's full name ("Start to start"), for the tooltip. */
  typeName: string;
  /** The lag in the reader's language ("+2d"); null for none. */
  lag: LagText | null;
}

/**
 * How a link reads besides its predecessor's title: its type and lag; null for a plain
 * finish-to-start link with no lag, which is how most links are and says nothing more.
 */
export function useLinkDetail(locale: string): (link: DependencyData) => LinkDetail | null {
  const { t } = useTranslation();
  return (link) =>
    link.type === 'FS' && link.lag_days === 0
      ? null
      : {
          type: t(`views.dependency.short.${link.type}`),
          typeName: t(`views.dependency.types.${link.type}`),
          lag: link.lag_days === 0 ? null : lagText(link.lag_days, locale),
        };
}

/** The predecessor's title, cut when long, then its type and lag; each part isolated (bidi). */
export function LinkChip({
  title,
  detail,
  className,
}: {
  title: ShownTitle;
  detail: LinkDetail | null;
  className?: string;
}) {
  return (
    <TitleChip title={title} className={className ? `${own.chip} ${className}` : own.chip}>
      {detail !== null && (
        <span className={own.detail}>
          {' '}
          <span aria-hidden="true">·</span> <bdi>{detail.type}</bdi>
          {detail.lag !== null && (
            <>
              {' '}
              <span>
                {detail.lag.before}
                {/* The sign stays before the digits; the unit follows them in the line's direction. */}
                <span dir="ltr">{detail.lag.number}</span>
                {detail.lag.after}
              </span>
            </>
          )}
        </span>
      )}
    </TitleChip>
  );
}
