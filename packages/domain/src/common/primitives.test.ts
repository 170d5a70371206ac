import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  calendarDate,
  findIllFormedText,
  idParam,
  idSchema,
  isWellFormedText,
  pageParam,
  primitiveMessages,
  requiredText,
  text,
} from './primitives.js';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('shared primitives', () => {
  it('accepts ids within PostgreSQL integer and refuses the rest in Spanish', () => {
    expect(idParam.parse('2147483647')).toBe(2_147_483_647);
    expect(idSchema.parse(1)).toBe(1);
    for (const bad of ['2147483648', '-1', '0', '1e309', 'abc', '1.5', '', ['1', '2']]) {
      expect(firstMessage(idParam, bad)).toBe(primitiveMessages.invalidId);
    }
    for (const bad of [2_147_483_648, '3', null, {}, Number.NaN]) {
      expect(firstMessage(idSchema, bad)).toBe(primitiveMessages.invalidId);
    }
  });

  it('pages start at 1 and stay within integer', () => {
    expect(pageParam.parse(undefined)).toBe(1);
    expect(pageParam.safeParse('2147483648').success).toBe(false);
  });

  it('accepts only real calendar days', () => {
    expect(calendarDate().parse('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2026-02-30', '2026-13-45', '2025-02-29', '0000-01-01', '2026-1-1', '20260101', 5]) {
      expect(firstMessage(calendarDate(), bad)).toBe(primitiveMessages.invalidDate);
    }
  });

  it('refuses NUL and lone surrogates, keeps real astral characters, trims and bounds length', () => {
    const schema = text({ max: 5 });
    expect(schema.parse('  hola ')).toBe('hola');
    expect(schema.parse('ñ😀')).toBe('ñ😀');
    expect(firstMessage(schema, 'a\u0000b')).toBe(primitiveMessages.invalidText);
    expect(firstMessage(schema, 'a\uD800')).toBe(primitiveMessages.invalidText);
    expect(firstMessage(schema, '\uDC00a')).toBe(primitiveMessages.invalidText);
    expect(firstMessage(schema, 'x'.repeat(6))).toBe(primitiveMessages.tooLong(5));
    expect(firstMessage(requiredText({ max: 5 }), '   ')).toBe('El campo es obligatorio.');
    expect(isWellFormedText('\uD83D\uDE00')).toBe(true);
  });

  it('finds ill-formed text anywhere in a request', () => {
    expect(findIllFormedText({ a: [1, { b: 'ok' }] })).toBeNull();
    expect(findIllFormedText({ a: [1, { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findIllFormedText({ 'k\uD800': 1 })).toEqual(['k\uD800']);
  });
});
