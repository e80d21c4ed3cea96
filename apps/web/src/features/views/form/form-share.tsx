import { useTranslation } from '../../../i18n/use-translation';
import { PublicLink } from '../../../ui/public-link';

/** The address anyone answers a shared form at (the app's route `/form/:formId`). */
export function publicFormUrl(viewId: string): string {
  return `${window.location.origin}/form/${viewId}`;
}

/** The "Share form" switch and, when shared, the public link with Copy and Open. */
export function FormShare({
  viewId,
  shared,
  readOnly,
  onChangeShared,
}: {
  viewId: string;
  shared: boolean;
  readOnly: boolean;
  onChangeShared(shared: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <PublicLink
      url={publicFormUrl(viewId)}
      on={shared}
      readOnly={readOnly}
      texts={{
        label: t('forms.builder.share'),
        hint: t('forms.builder.shareHint'),
        link: t('forms.builder.link'),
      }}
      onChange={onChangeShared}
    />
  );
}
