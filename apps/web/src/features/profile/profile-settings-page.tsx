import type { Profile } from '@strata/contracts/me';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { useAppVars } from '../../lib/app-vars';
import { errorMessage } from '../../lib/errors';
import { PROFILE_QUERY } from '../../lib/profile-query';
import { useSession } from '../../lib/session';
import { useUpdateProfile } from '../../lib/use-update-profile';
import { Button } from '../../ui/button';
import { Dropdown } from '../../ui/dropdown';
import { Notice } from '../../ui/notice';
import { PhotoPicker } from '../../ui/photo-picker';
import { PageSpinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toasts } from '../../ui/toast-store';
import { LanguageSelect, ThemeSwitch } from '../preferences';
import styles from './profile.module.css';

interface Values {
  name: string;
  timezone: string;
  startOfWeek: string;
}

const ZONES: string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
/** Time zones by their IANA name, findable by any part of it ("Rome", "Europe"). */
const ZONE_OPTIONS = ZONES.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));

/** profile/settings: name, photo, language, time zone, first day of the week, theme. */
export function ProfileSettingsPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  if (!profile) return <PageSpinner label={t('app.loading')} />;
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1>{t('profile.settings.title')}</h1>
        <p>{t('profile.settings.subtitle')}</p>
      </header>
      <PhotoSection profile={profile} />
      <DetailsSection profile={profile} />
      <section className={styles.section} aria-labelledby="appearance-title">
        <h2 id="appearance-title">{t('profile.settings.appearance')}</h2>
        <div className={styles.inline}>
          <LanguageSelect />
          <ThemeSwitch />
        </div>
      </section>
    </div>
  );
}

function PhotoSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const maxMb = useAppVars().data?.photo_max_mb ?? 5;
  return (
    <section className={styles.section} aria-labelledby="photo-title">
      <h2 id="photo-title">{t('profile.settings.photo')}</h2>
      <PhotoPicker
        src={profile.photo_url}
        name={profile.name}
        hasPhoto={!profile.photo_url.startsWith('/api/avatars/')}
        maxMb={maxMb}
        labels={{
          change: t('profile.settings.changePhoto'),
          remove: t('profile.settings.removePhoto'),
          hint: t('profile.settings.photoHint', { n: maxMb }),
          removeConfirm: t('profile.settings.removePhotoConfirm'),
        }}
        onUpload={async (file) => {
          const body = new FormData();
          body.append('photo', file);
          queryClient.setQueryData(PROFILE_QUERY, await api.post<Profile>('/api/me/photo', body));
          toasts.show(t('profile.settings.photoUpdated'), { tone: 'success' });
        }}
        onRemove={async () => {
          queryClient.setQueryData(PROFILE_QUERY, await api.delete<Profile>('/api/me/photo'));
          toasts.show(t('profile.settings.photoRemoved'), { tone: 'success' });
        }}
        describeError={(error) => errorMessage(error, t)}
      />
    </section>
  );
}

function DetailsSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, formState, control } = useForm<Values>({
    defaultValues: {
      name: profile.name,
      timezone: profile.timezone ?? '',
      startOfWeek: profile.start_of_week === null ? '' : String(profile.start_of_week),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    await update.mutateAsync({
      name: values.name.trim(),
      timezone: values.timezone === '' ? null : values.timezone,
      start_of_week: values.startOfWeek === '' ? null : Number(values.startOfWeek),
    });
    setSaved(true);
  });

  return (
    <section className={styles.section} aria-labelledby="details-title">
      <h2 id="details-title">{t('home.account')}</h2>
      {saved && <Notice tone="success">{t('profile.settings.saved')}</Notice>}
      {update.error && <Notice tone="error">{errorMessage(update.error, t)}</Notice>}
      <form className={styles.form} onSubmit={(event) => void onSubmit(event).catch(() => {})} noValidate>
        <TextField
          label={t('profile.settings.name')}
          autoComplete="name"
          error={formState.errors.name?.message}
          {...register('name', { validate: (v) => v.trim() !== '' || t('validation.required') })}
        />
        <div className={styles.row}>
          <div className={styles.field}>
            <span className={styles.label} aria-hidden="true">
              {t('profile.settings.timezone')}
            </span>
            <Controller
              control={control}
              name="timezone"
              render={({ field }) => (
                <Dropdown
                  label={t('profile.settings.timezone')}
                  options={[{ value: '', label: t('profile.settings.timezoneAuto') }, ...ZONE_OPTIONS]}
                  value={field.value}
                  onChange={field.onChange}
                  searchable
                />
              )}
            />
          </div>
          <div className={styles.field}>
            <span className={styles.label} aria-hidden="true">
              {t('profile.settings.startOfWeek')}
            </span>
            <Controller
              control={control}
              name="startOfWeek"
              render={({ field }) => (
                <Dropdown
                  label={t('profile.settings.startOfWeek')}
                  options={[
                    { value: '', label: t('profile.settings.startOfWeekAuto') },
                    ...['0', '1', '2', '3', '4', '5', '6'].map((day) => ({
                      value: day,
                      label: t(`weekdays.${day}`),
                    })),
                  ]}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </div>
        </div>
        <div className={styles.actions}>
          <Button type="submit" busy={formState.isSubmitting}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
