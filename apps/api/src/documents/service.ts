import { availableParallelism } from 'node:os';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Piscina } from 'piscina';
import type { Config } from '../config.js';
import { AppError } from '../lib/errors.js';
import { createDocumentPool } from './pool.js';
import { UserSlots } from './user-slots.js';
import type { DocumentTask, TemplateInput, TemplateName } from './worker/templates.js';

export const documentMessages = {
  perUser: 'Ya tiene documentos generándose; espere a que terminen e intente de nuevo.',
  busy: 'El servidor está generando muchos documentos en este momento; intente de nuevo en unos minutos.',
  cancelled: 'La descarga fue cancelada.',
};

export type Render = <K extends TemplateName>(template: K, input: TemplateInput<K>) => Promise<Buffer>;

/**
 * PDF and spreadsheet rendering, off the event loop: a pool of worker threads (created at the first
 * document, closed with the app), a bounded queue in front of it and a per-user limit on documents
 * in the making.
 */
export class DocumentService {
  readonly slots: UserSlots;
  #pool: Piscina<DocumentTask, Uint8Array> | null = null;

  constructor(readonly settings: { threads: number; perUser: number; maxQueue: number }) {
    this.slots = new UserSlots(settings.perUser);
  }

  async render<K extends TemplateName>(
    template: K,
    input: TemplateInput<K>,
    signal?: AbortSignal,
  ): Promise<Buffer> {
    this.#pool ??= createDocumentPool(this.settings);
    try {
      const bytes = await this.#pool.run({ template, input } as DocumentTask, { signal });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      // The queue is full: refuse now rather than let requests pile up behind it.
      if (error instanceof Error && error.message === 'Task queue is at limit')
        throw new AppError('too_many_requests', documentMessages.busy);
      if (error instanceof Error && error.name === 'AbortError')
        throw new AppError('bad_request', documentMessages.cancelled);
      throw error;
    }
  }

  /**
   * Starts the workers and renders one declaration in each (worker/warm-up.ts), so the first user's
   * document does not pay for loading pdfmake and compiling the layout (issue 33: 9–12 s cold).
   * main.ts calls it once the server listens; a document asked for meanwhile queues behind it.
   */
  async warm(): Promise<void> {
    this.#pool ??= createDocumentPool(this.settings);
    const pool = this.#pool;
    await Promise.all(
      Array.from({ length: this.settings.threads }, () => pool.run({ template: 'warmUp', input: {} })),
    );
  }

  /** The workers now, for /metrics: threads started (0 before the first document) and tasks waiting for one. */
  workers(): { threads: number; queued: number } {
    return { threads: this.#pool?.threads.length ?? 0, queued: this.#pool?.queueSize ?? 0 };
  }

  /** Lets queued and running documents finish, then ends the workers. */
  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = null;
    await pool?.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentService;
  }
}

export function documentSettings(config: Config) {
  return {
    threads: config.DOCUMENT_WORKERS ?? Math.max(1, availableParallelism() - 1),
    perUser: config.DOCUMENTS_PER_USER,
    maxQueue: config.DOCUMENT_QUEUE,
  };
}

/** One document service per app, closed when the app closes. */
export function registerDocuments(app: FastifyInstance, config: Config): void {
  const documents = new DocumentService(documentSettings(config));
  app.decorate('documents', documents);
  app.addHook('onClose', () => documents.close());
}

/**
 * Runs one document request inside one of the caller's slots (429 beyond the limit). The slot is
 * given back when the work ends, fails or the client goes away; going away also cancels the
 * rendering (a queued task leaves the queue, a running one ends its worker).
 */
export async function withDocument<T>(reply: FastifyReply, work: (render: Render) => Promise<T>): Promise<T> {
  const req = reply.request;
  const key = req.user ? `user:${req.user.id}` : `address:${req.ip}`;
  const release = reply.server.documents.slots.take(key);
  if (!release) throw new AppError('too_many_requests', documentMessages.perUser);
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) controller.abort();
  };
  reply.raw.on('close', onClose);
  try {
    return await work((template, input) => reply.server.documents.render(template, input, controller.signal));
  } finally {
    reply.raw.off('close', onClose);
    release();
  }
}
