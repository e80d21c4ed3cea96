import type { AttributeErrorCode } from './attributes/value-errors';
import type { FieldErrorCode } from './field-errors';
import { formatMessage } from './format-message';

/**
 * The error catalogue: every error the API can answer with, by string code.
 * The server maps a code to its HTTP status; clients map status and body to the texts of
 * spec section 8 (see `failure-message.ts`).
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 422, message: 'The given data was invalid.' },
  UNAUTHENTICATED: { status: 401, message: 'Unauthenticated.' },
  SESSION_EXPIRED: { status: 401, message: 'The session has expired' },
  REAUTH_REQUIRED: { status: 401, message: 'Please confirm your password to continue.' },
  INVALID_CREDENTIALS: { status: 422, message: 'These credentials do not match our records.' },
  INVALID_PASSWORD: { status: 422, message: 'The password is incorrect.' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Your email address is not verified.' },
  EMAIL_TAKEN: { status: 422, message: 'Email already exists.' },
  LINK_EXPIRED: { status: 422, message: 'The link has expired' },
  FORBIDDEN: { status: 403, message: 'This action is unauthorized.' },
  NOT_FOUND: { status: 404, message: 'Not Found' },
  CONFLICT: {
    status: 409,
    message: 'Updates overlapped, causing a hiccup. Please verify the latest data is correct.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This idempotency key was already used with a different request.',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message: 'A request with this idempotency key is still being processed.',
  },
  FILE_TOO_LARGE: {
    status: 422,
    message: 'The file you are trying to upload is too large. Your file must be less than {n}MB.',
  },
  MALFORMED_MULTIPART: { status: 400, message: 'The multipart/form-data body is malformed.' },
  UNSUPPORTED_FILE: { status: 422, message: 'The file must be a PNG, JPEG, GIF or WebP image.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please try again later.' },
  WORKSPACE_LIMIT_REACHED: {
    status: 403,
    message:
      'You have reached the workspace limit of your plan. Upgrade your plan to create more workspaces.',
  },
  OWNER_CANNOT_BE_REMOVED: { status: 422, message: 'The owner cannot be removed from the workspace.' },
  OWNER_ROLE_FIXED: { status: 422, message: "The owner's role cannot be changed." },
  OWNER_CANNOT_LEAVE: {
    status: 422,
    message: 'The owner cannot leave the workspace. Delete it, or hand it over first.',
  },
  SUBSCRIPTION_REQUIRED: {
    status: 403,
    message: 'You cannot create a workspace without an active subscription.',
  },
  INVALID_EMAIL: { status: 422, message: 'The email must be a valid email address.' },
  INVITATION_INVALID: { status: 422, message: 'Invitation is not valid' },
  INVITATION_OTHER_ACCOUNT: {
    status: 422,
    message: 'This invitation is associated with another account',
  },
  INVITATIONS_REJECTED: { status: 422, message: 'Some invitations could not be sent.' },
  ALREADY_MEMBER: { status: 422, message: '{email} is already a member of this workspace.' },
  ROLE_NOT_GRANTABLE: { status: 403, message: 'You cannot invite people with the role {role}.' },
  MEMBER_LIMIT_REACHED: {
    status: 403,
    message:
      'You have reached the member limit of your plan ({limit}). Upgrade your plan to add more members.',
  },
  MEMBER_LIMIT_REACHED_ASK_OWNER: {
    status: 403,
    message:
      'This workspace has reached the member limit of its plan ({limit}). Ask the workspace owner to upgrade.',
  },
  VIEW_LIMIT_REACHED: { status: 422, message: 'A folder has at most {limit} views.' },
  VIEW_CREATE_FORBIDDEN: { status: 403, message: 'You do not have permission to create a view.' },
  VIEW_PERSONAL_OWNER_ONLY: { status: 403, message: 'Only the owner of a view can make it personal.' },
  VIEW_LOCKED: { status: 403, message: 'This view is locked: you do not have permission to change it.' },
  BOARD_LOCKED: { status: 403, message: 'This board is protected by a password.' },
  FORM_CLOSED: { status: 410, message: 'This form no longer takes answers.' },
  CHALLENGE_FAILED: {
    status: 422,
    message: 'We could not check that this answer comes from a person. Please send it again.',
  },
  AUTOMATION_INCOMPLETE: { status: 422, message: 'The automation is not complete or not valid' },
  AUTOMATION_LIMIT_REACHED: { status: 422, message: 'A board has at most {limit} automations on this plan.' },
  AUTOMATION_RUNS_EXCEEDED: {
    status: 422,
    message: 'This workspace has used all its automation runs this month.',
  },
  INTERNAL: { status: 500, message: 'Something Went Wrong' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** One field-level problem in a 422 answer. */
export interface FieldError {
  path: string;
  message: string;
  /**
   * The code of this problem (a field's from `FIELD_ERROR_MESSAGES`, an attribute value's from
   * `ATTRIBUTE_ERROR_MESSAGES`, or the catalogue's), so clients can word it in their own language.
   */
  code?: FieldErrorCode | AttributeErrorCode | ErrorCode;
  params?: Record<string, string | number>;
}

/** The body of every error response. */
export interface ErrorBody {
  message: string;
  code: ErrorCode | string;
  errors?: FieldError[];
  /** Present on 401s that ask the client to re-authenticate ('reauth'). */
  type?: string;
  /** Values of the message's placeholders, so clients can show it in their own language. */
  params?: Record<string, string | number>;
  /** With a 409: the server's current copy of the record. */
  current?: unknown;
  /** With a partly failed invitation: the users that were still invited. */
  users?: unknown;
}

/** The one error type of the code base: a string code, an optional message and field errors. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];
  readonly type?: string;
  readonly params?: Record<string, string | number>;
  readonly current?: unknown;
  readonly users?: unknown;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      errors?: FieldError[];
      type?: string;
      params?: Record<string, string | number>;
      current?: unknown;
      users?: unknown;
    } = {},
  ) {
    super(options.message ?? formatMessage(ERROR_CATALOGUE[code].message, options.params ?? {}));
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.errors = options.errors;
    this.type = options.type;
    this.params = options.params;
    this.current = options.current;
    this.users = options.users;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { message: this.message, code: this.code };
    if (this.errors) body.errors = this.errors;
    if (this.type) body.type = this.type;
    if (this.params) body.params = this.params;
    if (this.current !== undefined) body.current = this.current;
    if (this.users !== undefined) body.users = this.users;
    return body;
  }
}
