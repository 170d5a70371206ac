import { move } from 'piscina';
import { type DocumentTask, templates } from './templates.js';

/**
 * The document worker's entry (piscina calls the default export once per task). The finished file
 * goes back by transferring its memory, not by copying it.
 */
export default async function render(task: DocumentTask): Promise<unknown> {
  const rendered = await templates[task.template](task.input as never);
  // A small Buffer may sit inside Node's shared allocation pool, which must not be transferred:
  // such a file is copied into memory of its own first.
  const own =
    rendered.byteOffset === 0 && rendered.buffer.byteLength === rendered.byteLength
      ? rendered
      : new Uint8Array(rendered);
  return move(own);
}
