import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, REPLAY_WINDOW_MS, SubmissionKey } from './submission';

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('SubmissionKey (issue 15)', () => {
  it('keeps the key while a double click or a retry after a failure sends the same values', async () => {
    const submission = new SubmissionKey(counter());
    const values = { name: 'Formulario', fields: [1, 2] };
    const sent: string[] = [];
    const failing = (key: string) => {
      sent.push(key);
      return Promise.reject(new Error('sin conexión'));
    };
    await expect(submission.send(values, failing)).rejects.toThrow();
    await expect(submission.send({ ...values }, failing)).rejects.toThrow();
    expect(sent).toEqual(['key-1', 'key-1']);
  });

  it('sends a double click with one key, also when the second comes after a fast success', async () => {
    let now = 1_000;
    const submission = new SubmissionKey(counter(), () => now);
    const sent: string[] = [];
    const ok = async (key: string) => {
      sent.push(key);
      return key;
    };
    await Promise.all([submission.send('A', ok), submission.send('A', ok)]);
    // The second click's submit ran after the first answer: the server replays it.
    now += 300;
    await submission.send('A', ok);
    // The same values sent later are another submission; so are other values at once.
    now += REPLAY_WINDOW_MS + 1;
    await submission.send('A', ok);
    await submission.send('B', ok);
    expect(sent).toEqual(['key-1', 'key-1', 'key-1', 'key-2', 'key-3']);
  });

  it('changed values are another submission', () => {
    const submission = new SubmissionKey(counter());
    expect(submission.keyFor({ a: 1 })).toBe('key-1');
    expect(submission.keyFor({ a: 2 })).toBe('key-2');
    expect(submission.keyFor({ a: 2 })).toBe('key-2');
  });

  it('a FormData is compared by its fields and files', () => {
    const submission = new SubmissionKey(counter());
    const form = (title: string) => {
      const data = new FormData();
      data.append('title', title);
      data.append('banner', new File(['png'], 'banner.png', { lastModified: 1 }));
      return data;
    };
    expect(submission.keyFor(form('Feria'))).toBe('key-1');
    expect(submission.keyFor(form('Feria'))).toBe('key-1');
    expect(submission.keyFor(form('Feria 2'))).toBe('key-2');
  });

  it('makes UUID v4 keys the API accepts', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
