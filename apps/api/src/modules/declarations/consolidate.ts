/** A consolidation that stores its declaration, its PDF rendered outside the consolidating transaction. */
import { type DeclarationKind, declarationMessages } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { newVerificationCode, sha256Hex } from './code.js';
import {
  insertDeclaration,
  nextVersion,
  type StoredDeclaration,
  type StoreInput,
  verificationUrl,
} from './store.js';

/** JSON with object keys sorted at every level (Dates as ISO strings): equal data, equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/** The SHA-256 of everything a declaration declares and prints, except the code and 'Impreso'. */
function declaredHash(input: StoreInput, version: number): string {
  const { render: _render, ...declared } = input;
  return sha256Hex(Buffer.from(canonicalJson({ ...declared, version })));
}

/**
 * One consolidation, run in a transaction with `now` as its moment: its checks and writes, then
 * `declare` reads what its declaration declares (in the same transaction, after the writes) and
 * `finish` writes what follows the stored declaration (the audit row…) and makes the answer.
 */
export type ConsolidationStep<T> = (
  tx: Executor,
  now: Date,
) => Promise<{
  declare: () => Promise<StoreInput>;
  finish: (stored: StoredDeclaration) => Promise<T>;
}>;

/** Timings of a consolidation with its declaration, for the bench (ms). */
export type ConsolidationTimings = {
  attempt: number;
  /** The rolled-back first pass: checks, writes, the declaration's data. */
  prepare: number;
  render: number;
  /** The consolidating transaction, whole. */
  transaction: number;
  /** Of which the declaration: re-reading its data, comparing, storing the row. */
  storing: number;
};

/** Test and bench hooks; unset in production. */
export const consolidationHooks: {
  /** Runs after the render, before the consolidating transaction (a test changes the data here). */
  afterRender?: (sie: number, kind: DeclarationKind) => Promise<void>;
  onTimings?: (sie: number, kind: DeclarationKind, t: ConsolidationTimings) => void;
} = {};

class DryRun extends Error {}
class ChangedWhileRendering extends Error {}

/**
 * A consolidation that stores its declaration (issue 12) without rendering the PDF inside its
 * transaction. First pass: the whole step runs in a transaction that is rolled back once the
 * declaration's data are read, so the consolidation is refused (with its own messages) before any
 * render, and the data are exactly those the consolidation will declare. The verification code is
 * drawn and the PDF rendered outside any transaction. Second pass, the real one: the step runs again
 * under the school's lock with the same `now`, re-reads the declaration's data (rows and totals,
 * ~0.1 s) and stores the rendered bytes only if a canonical hash of those data (and of the version)
 * equals the rendered ones'; otherwise nothing is written, and the whole is tried once more, then
 * refused with 409. A failed render throws before the real transaction: nothing is consolidated.
 */
export async function consolidateWithDeclaration<T>(
  deps: AppDeps,
  sie: number,
  kind: DeclarationKind,
  step: ConsolidationStep<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const now = deps.clock.now();
    let start = performance.now();
    let draft: { input: StoreInput; version: number } | undefined;
    try {
      await deps.db.transaction(async (tx) => {
        const { declare } = await step(tx, now);
        const input = await declare();
        draft = { input, version: await nextVersion(tx, sie, kind, input.year) };
        throw new DryRun();
      });
    } catch (error) {
      if (!(error instanceof DryRun)) throw error;
    }
    const { input, version } = draft!;
    const prepare = performance.now() - start;
    start = performance.now();
    const code = newVerificationCode();
    const pdf = await input.render({ code, url: verificationUrl(deps, code), version });
    const render = performance.now() - start;
    const rendered = declaredHash(input, version);
    await consolidationHooks.afterRender?.(sie, kind);
    start = performance.now();
    let storing = 0;
    try {
      const result = await deps.db.transaction(async (tx) => {
        const { declare, finish } = await step(tx, now);
        const storeStart = performance.now();
        const again = await declare();
        const againVersion = await nextVersion(tx, sie, kind, again.year);
        if (declaredHash(again, againVersion) !== rendered) throw new ChangedWhileRendering();
        const stored = await insertDeclaration(deps, tx, again, againVersion, code, pdf);
        storing = performance.now() - storeStart;
        return finish(stored);
      });
      const transaction = performance.now() - start;
      consolidationHooks.onTimings?.(sie, kind, { attempt, prepare, render, transaction, storing });
      return result;
    } catch (error) {
      if (!(error instanceof ChangedWhileRendering)) throw error;
      if (attempt >= 2) {
        const message = declarationMessages.changedWhileRendering;
        throw new AppError('conflict', message, { observations: [message] });
      }
    }
  }
}
