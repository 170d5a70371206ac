import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from './index.js';

/** English that must never reach a user (zod's defaults, stray labels). */
const ENGLISH =
  /\b(expected|invalid|required|must|string|number|characters|too big|too small|received|undefined|null|instanceof|option|should|value|input|enter|please|failed|not found)\b/i;

/** Spanish words users must read with their accent ('valido' → 'válido'). */
const UNACCENTED =
  /\b(valido|valida|validos|validas|numero|numeros|maximo|minimo|operacion|informacion|educacion|parametricas|potosi|codigo|codigos|telefono|direccion|pagina|accion|descripcion|razon|electronico|unico|ultimo|gestion|sesion|calificacion|inscripcion|actualizacion|verificacion|validacion|habilitacion|modificacion|anio|ano|dia|dias|categoria|opcion|titulo|busqueda|tamano|version|estadistica|region|asignacion|rectificacion|observacion|exito|sintesis|institucion)\b/i;

/** Every string under a value: message tables, nested groups, and message functions called with samples. */
/** 'está' and the past tense 'registró' where the unaccented form reads as another word. */
const UNACCENTED_PHRASES = /\b((ya|no) esta|se (registro|elimino|actualizo|guardo|consolido|habilito))\b/i;
/** The specification's own wording, quoted as it is (part 1 §8, part 2 §8). */
const QUOTED = new Set([
  'El evento se registro de manera exitosa',
  'El evento no se registro de manera exitosa',
  'Se consolido las listas exitosamente',
  'Se consolido exitosamente',
]);

function stringsOf(value: unknown, path: string, out: Array<[string, string]>, depth = 0): void {
  if (depth > 6) return;
  // '{received}' in a template is a placeholder's name, not text.
  if (typeof value === 'string') out.push([path, value.replace(/\{\w+\}/g, '{…}')]);
  else if (typeof value === 'function' && depth > 0) {
    // Message builders ('tooLong(max)', 'blocked(name, date)'): called with a few plausible arguments.
    try {
      const result = (value as (...args: unknown[]) => unknown)(3, 'X', 'Y', 'Z');
      if (typeof result === 'string') out.push([`${path}()`, result]);
    } catch {
      // A builder that needs real data is read through its callers' tests.
    }
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) stringsOf(v, `${path}[${i}]`, out, depth + 1);
  } else if (value && typeof value === 'object' && !(value instanceof z.ZodType)) {
    for (const [key, v] of Object.entries(value)) stringsOf(v, `${path}.${key}`, out, depth + 1);
  }
}

function exportedMessages(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(domain)) {
    if (/messages$/i.test(name) || (/Labels?$/.test(name) && typeof value === 'object'))
      stringsOf(value, name, out);
    else if (typeof value === 'string') out.push([name, value]);
  }
  return out;
}

/** Bad inputs every schema meets from users and scripts. */
const long = 'x'.repeat(100_001);
const badInputs: unknown[] = [
  undefined,
  null,
  {},
  [],
  '',
  long,
  -1,
  1.5,
  Number.NaN,
  true,
  { id: -1, name: long, search: long, page: -1, email: 'no', date: '2025-02-30', items: [{}], x: 1 },
  { id: 'x', name: 5, title: 5, description: 5, label: '', fields: 'x' },
];

function schemaMessages(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(domain)) {
    if (!(value instanceof z.ZodType)) continue;
    for (const input of badInputs) {
      let result: ReturnType<z.ZodType['safeParse']>;
      try {
        result = value.safeParse(input);
      } catch {
        continue; // a refinement that assumes a parsed shape; zod's own checks run before it
      }
      for (const issue of result.error?.issues ?? [])
        out.push([`${name}.${issue.path.join('.')}`, issue.message]);
    }
  }
  return out;
}

const hits = (pairs: Array<[string, string]>, pattern: RegExp) => [
  ...new Set(pairs.filter(([, text]) => pattern.test(text)).map(([where, text]) => `${where}: ${text}`)),
];

describe('messages users read are Spanish with accents (issue 16)', () => {
  const messages = exportedMessages();
  const validation = schemaMessages();

  it('finds the exported messages and the schemas’ validation messages', () => {
    expect(messages.length).toBeGreaterThan(200);
    expect(validation.length).toBeGreaterThan(500);
  });

  it('has no English in exported messages', () => {
    expect(hits(messages, ENGLISH)).toEqual([]);
  });

  it('has no English in any schema’s validation message', () => {
    expect(hits(validation, ENGLISH)).toEqual([]);
  });

  it('writes accented words with their accent', () => {
    expect(hits(messages, UNACCENTED)).toEqual([]);
    expect(hits(validation, UNACCENTED)).toEqual([]);
    const ours = messages.filter(([, text]) => !QUOTED.has(text));
    expect(hits(ours, UNACCENTED_PHRASES)).toEqual([]);
    expect(hits(validation, UNACCENTED_PHRASES)).toEqual([]);
  });

  it('words zod’s generic messages for users', () => {
    expect(z.string().max(100).safeParse('x'.repeat(101)).error?.issues[0]?.message).toBe(
      'Escriba como máximo 100 caracteres.',
    );
    expect(z.number().min(0).safeParse(-1).error?.issues[0]?.message).toBe(
      'El valor debe ser como mínimo 0.',
    );
    expect(z.object({ a: z.string() }).safeParse({}).error?.issues[0]?.message).toBe(
      'El campo es obligatorio.',
    );
    expect(z.string().safeParse(5).error?.issues[0]?.message).toBe('Se esperaba un texto.');
    expect(z.email().safeParse('no').error?.issues[0]?.message).toBe('Escriba un correo electrónico válido.');
  });
});
