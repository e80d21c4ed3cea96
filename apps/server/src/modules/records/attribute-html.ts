import type { saveAttributeBody } from '@strata/contracts/items';
import { isUuid } from '@strata/domain/attributes/ids';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { attributes } from '../../db/schema/items';
import { sanitiseHtml } from '../../lib/html-sanitise';
import type { WriteScope } from './write-scope';

type SaveAttributeBody = z.infer<typeof saveAttributeBody>;

/** The most values a button's set_values action takes (attribute-settings.ts). */
const BUTTON_SET_VALUES_MAX = 50;

interface SetValuesEntry {
  attribute_id?: unknown;
  data?: unknown;
}

function setValuesOf(settings: unknown): SetValuesEntry[] | null {
  const action = (settings as { action?: { type?: unknown; values?: unknown } } | null | undefined)?.action;
  if (action?.type !== 'set_values' || !Array.isArray(action.values)) return null;
  return action.values as SetValuesEntry[];
}

/** Long text as it may be stored: sanitised, and null once nothing is left. */
const sanitised = (html: string) => sanitiseHtml(html) || null;

/**
 * An attribute save with the long text it carries sanitised, as item values are (ARCHITECTURE.md
 * section 3): the default data of a long-text attribute, and the data a button's `set_values`
 * writes into long-text attributes of the board. Items made from either were sanitised already;
 * the attribute itself now stores no script either. Everything else is left to the attribute's
 * own validation.
 */
export async function sanitiseAttributeHtml(
  scope: Pick<WriteScope, 'tx' | 'access'>,
  body: SaveAttributeBody,
): Promise<SaveAttributeBody> {
  let next = body;
  if (body.type === 'longtext' && typeof body.default_data === 'string')
    next = { ...next, default_data: sanitised(body.default_data) };

  const entries = body.type === 'button' ? setValuesOf(body.settings) : null;
  // More entries than a button may have are refused by its validation: nothing to sanitise.
  if (!entries || entries.length > BUTTON_SET_VALUES_MAX) return next;
  const written = entries.filter((entry) => typeof entry?.data === 'string' && isUuid(entry.attribute_id));
  if (written.length === 0) return next;
  const targets = await scope.tx
    .select({ id: attributes.id })
    .from(attributes)
    .where(
      and(
        eq(attributes.teamId, scope.access.team.id),
        eq(attributes.type, 'longtext'),
        inArray(
          attributes.id,
          written.map((entry) => entry.attribute_id as string),
        ),
      ),
    );
  if (targets.length === 0) return next;
  const longText = new Set(targets.map((target) => target.id));
  const values = entries.map((entry) =>
    typeof entry?.data === 'string' && longText.has(entry.attribute_id as string)
      ? { ...entry, data: sanitised(entry.data) }
      : entry,
  );
  const settings = next.settings as { action: Record<string, unknown> };
  return { ...next, settings: { ...settings, action: { ...settings.action, values } } };
}
