import { formatMessage } from './format-message';

/**
 * The problems of one field of a request that the API answers with a 422, by string code (the
 * value problems of attributes have their own, `ATTRIBUTE_ERROR_MESSAGES`). The messages are the
 * API's English text; clients word them in their own language by the code and fill `{name}`
 * placeholders from `params`.
 */
export const FIELD_ERROR_MESSAGES = {
  // Any request field, as the route's schema judged it.
  FIELD_REQUIRED: 'This field is required.',
  FIELD_TOO_LONG: 'This may not be longer than {max} characters.',
  FIELD_INVALID: 'This value is not valid.',
  // Items.
  FOLDER_REQUIRED: 'The folder is required.',
  ITEM_FOLDER_INVALID: 'An item can move only to a live folder of the same board.',
  ITEM_OWN_PARENT: 'An item cannot be its own subitem.',
  ITEM_UNDER_OWN_SUBITEM: 'An item cannot be under its own subitem.',
  PARENT_NOT_IN_FOLDER: 'The parent must be a live item of the same folder.',
  NOT_REFERENCE_ATTRIBUTE: 'References are written only to reference attributes.',
  // Attributes.
  ATTRIBUTE_BOARD_FIXED: 'An attribute cannot move to another board.',
  ATTRIBUTE_TYPE_FIXED: 'The type of an attribute cannot change.',
  NAME_ATTRIBUTE_UNDELETABLE:
    'The name attribute cannot be deleted: make another text attribute the name first.',
  // Folders and boards.
  FOLDER_BOARD_FIXED: 'A folder cannot move to another board.',
  FOLDER_PARENT_INVALID: 'The parent must be a folder of the same board.',
  FOLDER_INSIDE_ITSELF: 'A folder cannot be inside itself.',
  FOLDER_MEMBER_LIMIT: 'A folder has at most {max} members.',
  NOT_BOOLEAN: '{field} must be true or false.',
  NOT_USER_ID_LIST: '{field} must be a list of user ids.',
  NOT_WORKSPACE_MEMBERS: 'Every member must be a member of the workspace.',
  USER_NOT_MEMBER: 'User {id} is not a member of the workspace.',
  // Views.
  VIEW_FOLDER_FIXED: 'A view cannot move to another folder.',
  VIEW_TYPE_FIXED: 'The type of a view cannot change.',
  // Attachments.
  BOARD_ID_INVALID: 'The board id is not valid.',
  BOARD_ID_MISMATCH: 'The board id of the query and of the form differ.',
  FILE_NOT_MULTIPART: 'Send the file as multipart/form-data in the field "{field}".',
  FILE_FIELD_MISSING: 'Send the file in the field "{field}".',
  // Forms.
  FORM_NOT_A_QUESTION: 'This is not a question of the form.',
  FORM_FILES_ONLY_UPLOADED: 'Files are sent with the answer, as uploads.',
  FORM_TOO_MANY_FILES: 'An answer may carry at most {max} files.',
  // Trash.
  NOT_IN_TRASH: 'The {type} {id} is not in the trash.',
  // Profile.
  SAME_EMAIL: 'This is already your email address.',
} as const;

export type FieldErrorCode = keyof typeof FIELD_ERROR_MESSAGES;

/**
 * A field error whose code is a field's: a `FieldError` of errors.ts, declared here so that this
 * catalogue does not import the module that names its codes.
 */
export interface CodedFieldError {
  path: string;
  message: string;
  code: FieldErrorCode;
  params?: Record<string, string | number>;
}

/** One coded field error: its English message made from the code's template and the params. */
export function fieldError(
  path: string,
  code: FieldErrorCode,
  params: Record<string, string | number> = {},
): CodedFieldError {
  const error: CodedFieldError = { path, code, message: formatMessage(FIELD_ERROR_MESSAGES[code], params) };
  if (Object.keys(params).length > 0) error.params = params;
  return error;
}
