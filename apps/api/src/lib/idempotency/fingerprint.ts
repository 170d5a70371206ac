import { createHash } from 'node:crypto';

/** JSON with every object's keys sorted, so two equal bodies give the same text whatever their key order. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Buffer.isBuffer(value)) return JSON.stringify(createHash('sha256').update(value).digest('hex'));
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** What a repeated key must match: method, route pattern, its parameters, query and body. */
export type RequestShape = { method: string; route: string; params: unknown; query: unknown; body: unknown };

export function requestHash(shape: RequestShape): string {
  return createHash('sha256').update(canonical(shape)).digest('hex');
}

/**
 * A multipart body as hashed: its text fields (sorted by name) and, per file, field, name, size and the
 * sha256 of its bytes. Not the raw bytes: browsers pick a new part boundary on every submission.
 */
export function multipartShape(body: {
  fields: Record<string, string>;
  files: ReadonlyArray<{ field: string; filename: string; bytes: Buffer }>;
}) {
  return {
    fields: body.fields,
    files: body.files.map((f) => ({
      field: f.field,
      filename: f.filename,
      size: f.bytes.length,
      sha256: createHash('sha256').update(f.bytes).digest('hex'),
    })),
  };
}
