import { Piscina } from 'piscina';
import type { DocumentTask } from './worker/templates.js';
export type PoolSettings = {
    threads: number;
    maxQueue: number;
};
export declare function createDocumentPool(settings: PoolSettings): Piscina<DocumentTask, Uint8Array>;
