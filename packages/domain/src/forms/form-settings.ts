import { z } from 'zod';
import type { AttributeType } from '../attributes/attribute-types';

/**
 * A form view's settings (issue 15, docs/forms.md): which attributes it asks, each with its own
 * label, help, required flag and default, or hidden and filled from the page's address; its
 * title, description, cover and button; what follows a submission; and when it closes. They are
 * fields of the view's settings like every view type's (`viewSettingsSchema` spreads this shape),
 * each with a default, so a stored form missing one keeps working.
 */

/** The attribute types a form can ask: values a visitor can type or pick. */
export const FORM_QUESTION_TYPES = [
  'text',
  'longtext',
  'number',
  'checkbox',
  'label',
  'members',
  'date',
  'date_range',
  'email',
  'phone',
  'links',
  'rating',
  'progress',
  'attachments',
] as const satisfies readonly AttributeType[];
export type FormQuestionType = (typeof FORM_QUESTION_TYPES)[number];

export function isFormQuestionType(type: string): type is FormQuestionType {
  return (FORM_QUESTION_TYPES as readonly string[]).includes(type);
}

/** A form asks at most this many questions, and tells at most this many people of an answer. */
export const MAX_FORM_FIELDS = 100;
export const MAX_FORM_NOTIFY = 50;
/** One answer carries at most this many files (its attachments questions' together). */
export const MAX_FORM_FILES = 10;

/** The spec's text for a URL that is not one (section 5). */
export const INVALID_URL_MESSAGE = 'Not a valid URL format';

/** An absolute http(s) address; anything else (javascript:, data:, relative) is refused. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An absolute https address: an image the page shows (its CSP loads images only over https). */
export function isSecureWebUrl(value: string): boolean {
  return isWebUrl(value) && value.trim().toLowerCase().startsWith('https:');
}

const webUrl = z.string().max(2000).refine(isWebUrl, { message: INVALID_URL_MESSAGE });
const secureWebUrl = z.string().max(2000).refine(isSecureWebUrl, { message: INVALID_URL_MESSAGE });

export const formFieldSchema = z.object({
  attribute_id: z.string().min(1).max(64),
  /** The question as the form asks it; the attribute's name when absent. */
  label: z.string().max(200).optional(),
  help: z.string().max(1000).optional(),
  required: z.boolean().optional(),
  /** The answer when the visitor gives none (data shaped as the attribute's values). */
  default: z.unknown().optional(),
  /** Not shown: its value comes from the page address (`?attribute_name=value`), else the default. */
  hidden: z.boolean().optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

/** After a submission: a thank-you message, or the visitor is sent to an address. */
export const formAfterSchema = z.union([
  z.object({ message: z.string().max(2000) }),
  z.object({ redirect_url: webUrl }),
]);
export type FormAfter = z.infer<typeof formAfterSchema>;

export const formSettingsShape = {
  /** Whether `/form/{formId}` answers anyone; off, the form is the team's draft. */
  shared: z.boolean().default(false),
  fields: z.array(formFieldSchema).max(MAX_FORM_FIELDS).default([]),
  title: z.string().max(200).default(''),
  description: z.string().max(5000).default(''),
  /** An image shown above the title. */
  cover: secureWebUrl.nullable().default(null),
  submit_label: z.string().max(60).nullable().default(null),
  after: formAfterSchema.default({ message: '' }),
  /** No answers are taken from this instant on. */
  closes_at: z.iso.datetime({ offset: true }).nullable().default(null),
  /** No answers are taken once the form has this many. */
  max_answers: z.number().int().min(1).max(1_000_000).nullable().default(null),
  /** Who is told of each answer besides the form's owner. */
  notify_user_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(MAX_FORM_NOTIFY).default([]),
};

export const formSettingsSchema = z.object(formSettingsShape);
export type FormSettings = z.infer<typeof formSettingsSchema>;

/** Why a form takes no answers now, or null when it does. */
export function formClosedReason(
  form: Pick<FormSettings, 'shared' | 'closes_at' | 'max_answers'>,
  answers: number,
  now: Date,
): 'not_shared' | 'closed' | 'full' | null {
  if (!form.shared) return 'not_shared';
  if (form.closes_at !== null && Date.parse(form.closes_at) <= now.getTime()) return 'closed';
  if (form.max_answers !== null && answers >= form.max_answers) return 'full';
  return null;
}
