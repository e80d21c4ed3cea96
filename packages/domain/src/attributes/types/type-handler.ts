import type { AttributeSettings } from '../attribute-settings';
import type { AttributeType } from '../attribute-types';
import type { FilterOperator } from '../filter-operators';
import type { ValueContext } from '../value-context';
import type { ValueResult } from '../value-errors';

/**
 * What one attribute type knows about its values. `D` is the data of a non-empty value in the
 * public API's shape; `R` the form it is read into for sorting, filtering and display (a parsed
 * date, say), which is `D` itself for most types. The type-registry wraps these with the rules
 * common to all types (empty values, not-editable types, unknown operators), so a handler deals
 * with real values only.
 */
export interface TypeHandler<T extends AttributeType, D, R = D> {
  /** Operators the filter UI offers for this type, in the order it lists them. */
  operators: readonly FilterOperator[];
  /**
   * Checks data sent by a client or the server; answers normalised data (null: no value) or
   * errors, and warnings the UI flags without refusing the write.
   */
  validateData(settings: AttributeSettings<T>, data: unknown, context?: ValueContext): ValueResult<D | null>;
  /** Stored data read leniently for display, sort and filter; null when empty or unreadable. */
  read(data: unknown, settings: AttributeSettings<T>): R | null;
  /** Ascending order of two non-empty values. */
  compare(a: R, b: R, settings: AttributeSettings<T>, context?: ValueContext): number;
  matches(
    data: R | null,
    operator: FilterOperator,
    operand: unknown,
    context: ValueContext,
    settings: AttributeSettings<T>,
  ): boolean;
  /** Whether a filter's operand is usable with the operator (operators without one are always). */
  isOperand?(operator: FilterOperator, operand: unknown, context: ValueContext): boolean;
  /** The CSV form of a non-empty value. */
  toPlainText(data: R, settings: AttributeSettings<T>, context?: ValueContext): string;
  /**
   * How a person reads a non-empty value in their language (dates by Intl); the plain text
   * when absent. Never exported nor read back: that is what the plain text is for.
   */
  toDisplayText?(data: R, settings: AttributeSettings<T>, context?: ValueContext): string;
  /** Reads imported text; absent for types whose values cannot be imported. */
  fromPlainText?(text: string, settings: AttributeSettings<T>, context?: ValueContext): ValueResult<D | null>;
}
