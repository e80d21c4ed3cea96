import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** A multipart/form-data body with one file, for inject. */
export function multipart(field: string, filename: string, bytes: Buffer, type = 'image/png') {
  const boundary = '----strata-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest bytes that read as a PNG. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

/** One part of a multipart body: a text field, or a file. */
export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; bytes: Buffer; type?: string };

/** A multipart/form-data body of several parts, in order, for inject. */
export function multipartOf(parts: readonly MultipartPart[]) {
  const boundary = '----strata-test-parts';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`));
    chunks.push('value' in part ? Buffer.from(part.value) : part.bytes);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A file uploaded to a board of a workspace through the attachments route (201 expected): the attachment. */
export async function uploadToBoard(
  t: TestApp,
  place: { teamId: number; token: string; boardId: string },
  file: { name: string; bytes: Buffer; type: string },
) {
  const body = multipart('file', file.name, file.bytes, file.type);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${place.teamId}/attachments?board_id=${place.boardId}`,
    headers: { authorization: `Bearer ${place.token}`, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; size: number; mime_type: string };
}
