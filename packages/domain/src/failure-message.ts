import type { FieldError } from './errors';

/**
 * The toast text for a failed request, spec section 8: the server's message first; else by status.
 */
export function failureMessage(
  status: number,
  data?: { message?: unknown; errors?: unknown } | null,
): string {
  if (data && typeof data.message === 'string' && data.message.trim() !== '') return data.message;
  if (status === 401 || status === 403) return 'This action is unauthorized.';
  if (status === 404) return 'Not Found';
  if (status === 409)
    return 'Updates overlapped, causing a hiccup. Please verify the latest data is correct.';
  if (status === 422 && data && Array.isArray(data.errors) && data.errors.length > 0) {
    return `Validation Error: ${data.errors.map(errorText).join(', ')}`;
  }
  return 'Something Went Wrong';
}

function errorText(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  if (entry && typeof entry === 'object' && 'message' in entry) return String((entry as FieldError).message);
  return String(entry);
}
