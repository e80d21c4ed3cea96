import { isValidEmail, splitEmails } from '@strata/domain/emails';
import type { FieldError } from '@strata/domain/errors';
import { ASSIGNABLE_ROLES, type Role } from '@strata/domain/permissions/actions';
import { mayGrantRole } from '@strata/domain/permissions/invitations';

export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export interface ParsedAddresses {
  valid: string[];
  invalid: string[];
}

/**
 * The addresses typed or pasted into the invite box (commas, spaces or new lines separate them),
 * each kept once as first typed: the server compares addresses lower-cased, so `A@x.io` and
 * `a@x.io` are one invitation.
 */
export function parseInviteInput(text: string): ParsedAddresses {
  const seen = new Set<string>();
  const parsed: ParsedAddresses = { valid: [], invalid: [] };
  for (const address of splitEmails(text)) {
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    (isValidEmail(address) ? parsed.valid : parsed.invalid).push(address);
  }
  return parsed;
}

/** The text left in the box once `sent` were invited: the other addresses, one per line. */
export function withoutAddresses(text: string, sent: readonly string[]): string {
  const gone = new Set(sent.map((address) => address.toLowerCase()));
  return splitEmails(text)
    .filter((address) => !gone.has(address.toLowerCase()))
    .join('\n');
}

/** The roles an inviter may give, most senior first (never owner). */
export function grantableRoles(options: { inviterRole: Role; canEditRoles: boolean }): AssignableRole[] {
  return ASSIGNABLE_ROLES.filter((role) => mayGrantRole({ ...options, role }));
}

/** Full member when the inviter may give it, else the most senior role they may give. */
export function defaultInviteRole(roles: readonly AssignableRole[]): AssignableRole | null {
  return roles.includes('full-member') ? 'full-member' : (roles[0] ?? null);
}

export interface Rejection {
  /** The address as sent, lower-cased: the key the dialog looks reasons up by. */
  key: string;
  error: FieldError;
}

/**
 * Ties each refusal of an INVITATIONS_REJECTED answer back to the address it concerns: its path
 * `invitations.{index}.email` indexes the list that was sent.
 */
export function matchRejections(errors: readonly FieldError[], sent: readonly string[]): Rejection[] {
  return errors.flatMap((error) => {
    const index = /^invitations\.(\d+)\./.exec(error.path)?.[1];
    const address = index === undefined ? undefined : sent[Number(index)];
    return address === undefined ? [] : [{ key: address.toLowerCase(), error }];
  });
}
