import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import { UserSlots } from './user-slots.js';
import type { TemplateInput, TemplateName } from './worker/templates.js';
export declare const documentMessages: {
    perUser: string;
    busy: string;
    cancelled: string;
};
export type Render = <K extends TemplateName>(template: K, input: TemplateInput<K>) => Promise<Buffer>;
/**
 * PDF and spreadsheet rendering, off the event loop: a pool of worker threads (created at the first
 * document, closed with the app), a bounded queue in front of it and a per-user limit on documents
 * in the making.
 */
export declare class DocumentService {
    #private;
    readonly settings: {
        threads: number;
        perUser: number;
        maxQueue: number;
    };
    readonly slots: UserSlots;
    constructor(settings: {
        threads: number;
        perUser: number;
        maxQueue: number;
    });
    render<K extends TemplateName>(template: K, input: TemplateInput<K>, signal?: AbortSignal): Promise<Buffer>;
    /**
     * Starts the workers and renders one declaration in each (worker/warm-up.ts), so the first user's
     * document does not pay for loading pdfmake and compiling the layout (issue 33: 9–12 s cold).
     * main.ts calls it once the server listens; a document asked for meanwhile queues behind it.
     */
    warm(): Promise<void>;
    /** The workers now, for /metrics: threads started (0 before the first document) and tasks waiting for one. */
    workers(): {
        threads: number;
        queued: number;
    };
    /** Lets queued and running documents finish, then ends the workers. */
    close(): Promise<void>;
}
declare module 'fastify' {
    interface FastifyInstance {
        documents: DocumentService;
    }
}
export declare function documentSettings(config: Config): {
    threads: number;
    perUser: number;
    maxQueue: number;
};
/** One document service per app, closed when the app closes. */
export declare function registerDocuments(app: FastifyInstance, config: Config): void;
/**
 * Runs one document request inside one of the caller's slots (429 beyond the limit). The slot is
 * given back when the work ends, fails or the client goes away; going away also cancels the
 * rendering (a queued task leaves the queue, a running one ends its worker).
 */
export declare function withDocument<T>(reply: FastifyReply, work: (render: Render) => Promise<T>): Promise<T>;
