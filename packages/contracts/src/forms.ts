import { FORM_QUESTION_TYPES, formAfterSchema } from '@strata/domain/forms/form-settings';
import { z } from 'zod';
import { uuidId } from './items';

/**
 * Public forms (issue 15, docs/forms.md): a form view of a folder, shared, answered by anyone at
 * `/form/{formId}` (the form's id is its view's). These endpoints need no session and answer only
 * what the form publishes: its questions, never other attributes, items or members' emails.
 */
export const formPaths = {
  /** The form as a visitor sees it, with a new proof-of-work challenge. */
  form: '/api/public/forms/:formId',
  /** One answer: creates an item in the form's folder. */
  submissions: '/api/public/forms/:formId/submissions',
  /**
   * One answer with files (multipart): a field `submission` (the JSON of an answer) first, then
   * each file as a part named `files.{attributeId}` of an attachments question.
   */
  submissionsWithFiles: '/api/public/forms/:formId/submissions/files',
} as const;

export const formParams = z.object({ formId: uuidId });

/** A label a label question offers. */
const publicLabelSchema = z.object({ id: z.string(), name: z.string(), color: z.string().nullable() });

/**
 * One question: the attribute it writes (`name` is the attribute's, the key `?name=value` fills a
 * hidden question with), the form's wording, and the settings a visitor's input needs (label
 * options, whether several may be picked, number format, rating scale, whether a date has a time).
 * A members question lists the board's members by name only.
 */
export const publicFormFieldSchema = z.object({
  attribute_id: z.string(),
  name: z.string(),
  type: z.enum(FORM_QUESTION_TYPES),
  label: z.string(),
  help: z.string().nullable(),
  required: z.boolean(),
  hidden: z.boolean(),
  default: z.unknown().nullable(),
  settings: z.object({
    labels: z.array(publicLabelSchema).optional(),
    multiple: z.boolean().optional(),
    includeTime: z.boolean().optional(),
    format: z.string().optional(),
    decimals: z.number().nullable().optional(),
    currency: z.string().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    icon: z.string().optional(),
  }),
  members: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
});
export type PublicFormField = z.infer<typeof publicFormFieldSchema>;

/** What a page needs to send an answer: a token to find a nonce for (form-challenge.ts). */
export const formChallengeSchema = z.object({ token: z.string(), difficulty: z.number().int() });
export type FormChallenge = z.infer<typeof formChallengeSchema>;

export const publicFormSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  submit_label: z.string().nullable(),
  /** Why the form takes no answers now (past its closing time, or its answers are all in), else null. */
  closed: z.enum(['closed', 'full']).nullable(),
  workspace: z.object({ name: z.string() }),
  fields: z.array(publicFormFieldSchema),
  challenge: formChallengeSchema,
  /** The largest file an attachments question takes, in MB (the workspace's attachment limit). */
  file_max_mb: z.number(),
  /** How many files one answer may carry in all. */
  max_files: z.number().int(),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

/**
 * One answer: `values` keyed by attribute id, each shaped as the item values of its type; the
 * solved challenge; `website` is a field people never see (a robot filling every field fills it).
 */
export const formSubmissionBody = z.object({
  values: z.record(z.string().max(64), z.unknown()),
  challenge: z.object({ token: z.string().max(500), nonce: z.string().max(20) }),
  website: z.string().max(500).optional(),
});
export type FormSubmission = z.infer<typeof formSubmissionBody>;

/** The answer taken: what the page shows or where it sends the visitor next. */
export const formSubmittedSchema = z.object({ ok: z.literal(true), after: formAfterSchema });
export type FormSubmitted = z.infer<typeof formSubmittedSchema>;
