import type { PendingInvitation } from '@strata/contracts/invitations';
import { isValidEmail } from '@strata/domain/emails';
import type { FieldError } from '@strata/domain/errors';
import { MAX_INVITATIONS } from '@strata/domain/permissions/invitations';
import { HttpError } from '@strata/sync/http-client';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Dropdown } from '../../ui/dropdown';
import { validatorState } from '../../ui/input-validator';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { toasts } from '../../ui/toast-store';
import styles from './invitations.module.css';
import {
  type AssignableRole,
  defaultInviteRole,
  grantableRoles,
  matchRejections,
  parseInviteInput,
  withoutAddresses,
} from './invite-input';
import { teamQueryKey, useTeamView } from './team-context';

/** "Invite members": the button and its dialog (show it only to those who may invite). */
export function InviteMembersButton() {
  const { t } = useTranslation();
  const { team } = useTeamView();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <UserPlus size={16} aria-hidden="true" />
        {t('team.invite.button')}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={t('team.invite.title', { team: team.name })}>
        {/* Mounted only while open, so every opening starts empty. */}
        <InviteForm onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}

/**
 * The addresses (typed or pasted, several at once), their role and Send. Each address is checked
 * as typed; addresses the server refuses stay in the box with its reason, the others are sent.
 */
function InviteForm({ onDone }: { onDone(): void }) {
  const { t, i18n } = useTranslation();
  const { team, can } = useTeamView();
  const queryClient = useQueryClient();
  const id = useId();
  const canEditRoles = can('EDIT_MEMBER_ROLES');
  const roles = useMemo(
    () => grantableRoles({ inviterRole: team.user_role, canEditRoles }),
    [team.user_role, canEditRoles],
  );
  const [text, setText] = useState('');
  const [role, setRole] = useState<AssignableRole | null>(() => defaultInviteRole(roles));
  const [busy, setBusy] = useState(false);
  /** The server's reason per refused address (keyed lower-cased), from the last Send. */
  const [rejections, setRejections] = useState<ReadonlyMap<string, string>>(new Map());
  const [formError, setFormError] = useState<string | null>(null);

  const { valid, invalid } = parseInviteInput(text);
  const isTooMany = valid.length > MAX_INVITATIONS;
  const canSend = valid.length > 0 && invalid.length === 0 && !isTooMany && role !== null;
  const check = (address: string) =>
    isValidEmail(address) ? (rejections.get(address.toLowerCase()) ?? true) : t('errors.codes.INVALID_EMAIL');
  // Addresses that need attention first, each in the order typed.
  const entries = [...invalid, ...valid]
    .map((address) => ({ address, ...validatorState(address, check) }))
    .sort((a, b) => Number(b.invalid) - Number(a.invalid));

  const refresh = () => queryClient.invalidateQueries({ queryKey: teamQueryKey(team.id) });

  /** The catalogue's wording of one refusal, in the UI language (the server's text if unknown). */
  const reasonOf = (error: FieldError) => {
    const key = `errors.codes.${error.code}`;
    if (!error.code || !i18n.exists(key)) return error.message;
    const params: Record<string, string | number> = { ...error.params };
    if (typeof params.role === 'string') params.role = t(`workspaces.roles.${params.role}`);
    return t(key, params);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || busy) return;
    const sent = valid;
    setBusy(true);
    setFormError(null);
    setRejections(new Map());
    try {
      const answer = await api.post<{ users: PendingInvitation[] }>(`/api/teams/${team.id}/members`, {
        invitations: sent.map((email) => ({ email, role })),
      });
      toasts.show(t('team.invite.sent', { count: answer.users.length }), { tone: 'success' });
      onDone();
      await refresh();
    } catch (error) {
      if (!(error instanceof HttpError) || error.code !== 'INVITATIONS_REJECTED') {
        setFormError(errorMessage(error, t));
        return;
      }
      const rejected = matchRejections(error.errors ?? [], sent);
      setRejections(new Map(rejected.map((r) => [r.key, reasonOf(r.error)])));
      setFormError(t('errors.codes.INVITATIONS_REJECTED'));
      const invited = (error.data?.users as PendingInvitation[] | undefined) ?? [];
      if (invited.length > 0) {
        toasts.show(t('team.invite.sent', { count: invited.length }), { tone: 'success' });
        setText((current) =>
          withoutAddresses(
            current,
            invited.map((user) => user.email),
          ),
        );
        await refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  // Ctrl/Cmd+Enter sends from the text area, where Enter starts a new line.
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  const status = (() => {
    if (invalid.length > 0)
      return { error: true, text: t('team.invite.fixInvalid', { count: invalid.length }) };
    if (isTooMany) return { error: true, text: t('team.invite.tooMany', { max: MAX_INVITATIONS }) };
    if (valid.length > 0) return { error: false, text: t('team.invite.ready', { count: valid.length }) };
    return null;
  })();

  return (
    <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-emails`}>
          {t('team.invite.emails')}
        </label>
        <p id={`${id}-hint`} className={styles.hint}>
          {t('team.invite.emailsHint')}
        </p>
        <textarea
          id={`${id}-emails`}
          className={styles.textarea}
          rows={4}
          value={text}
          placeholder={t('team.invite.placeholder')}
          autoComplete="off"
          spellCheck={false}
          readOnly={busy}
          aria-invalid={invalid.length > 0 || isTooMany || undefined}
          aria-describedby={`${id}-hint ${id}-status`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
        />
        <p
          id={`${id}-status`}
          className={`${styles.status} ${status?.error ? styles.statusError : ''}`}
          aria-live="polite"
        >
          {status?.text}
        </p>
      </div>

      {entries.length > 0 && (
        <ul className={styles.chips} aria-label={t('team.invite.addresses')}>
          {entries.map((entry) => (
            <li key={entry.address} className={`${styles.chip} ${entry.invalid ? styles.chipInvalid : ''}`}>
              <span className={styles.chipText}>
                <span className={styles.chipAddress}>{entry.address}</span>
                {entry.message && <span className={styles.chipReason}>{entry.message}</span>}
              </span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={t('team.invite.removeAddress', { email: entry.address })}
                disabled={busy}
                onClick={() => setText((current) => withoutAddresses(current, [entry.address]))}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}

      <div className={styles.field}>
        <span className={styles.label} aria-hidden="true">
          {t('team.invite.role')}
        </span>
        <Dropdown<AssignableRole>
          label={t('team.invite.role')}
          options={roles.map((r) => ({ value: r, label: t(`workspaces.roles.${r}`) }))}
          value={role}
          onChange={setRole}
        />
      </div>

      {formError && <Notice tone="error">{formError}</Notice>}

      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={busy} disabled={!canSend}>
          {t('team.invite.send')}
        </Button>
      </div>
    </form>
  );
}
