/**
 * Deterministic pseudo-randomness inside SQL, for the millions of per-student rows that are generated
 * set-based. hashint8extended(value, seed) is the hash PostgreSQL uses for hash partitioning, so it is
 * stable across versions and platforms (PGlite 18 in WebAssembly and PostgreSQL 15 give the same
 * numbers); setseed()/random() would depend on row order and session state instead.
 */
export type SqlRandom = {
  /** A non-negative integer in [0, 2^31) that depends only on the expression's value and the salt. */
  hash(expr: string, salt: number): string;
  /** Integer in [0, n). */
  below(expr: string, salt: number, n: number): string;
  /** A text item from a list (repeat an item to weight it). */
  pick(expr: string, salt: number, items: readonly string[]): string;
};

export function sqlRandom(seed: number): SqlRandom {
  // Each call site passes its own small salt; the seed moves every salt at once.
  const base = seed * 1000;
  const hash = (expr: string, salt: number) =>
    `(hashint8extended((${expr})::int8, ${base + salt}) & 2147483647)`;
  const below = (expr: string, salt: number, n: number) => `(${hash(expr, salt)} % ${n})::int`;
  const pick = (expr: string, salt: number, items: readonly string[]) =>
    `(${textArray(items)})[1 + ${below(expr, salt, items.length)}]`;
  return { hash, below, pick };
}

/** A SQL array literal of constant strings; the planner folds it once per statement. */
export function textArray(items: readonly string[]): string {
  return `ARRAY[${items.map(quote).join(',')}]::text[]`;
}

export function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
