import { z } from 'zod';

/**
 * zod's own messages, for every schema that does not name its own, in plain Spanish a user can act
 * on ('Escriba como máximo 100 caracteres.'), in the API and in the browser alike. The cases users
 * meet are worded here; any other falls back to zod's Spanish locale, never to its English default.
 * Loaded by the package index and by the shared primitives (package.json lists it as a side effect, so bundlers keep it).
 */

const typeNames: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  bigint: 'un número entero',
  boolean: 'sí o no',
  array: 'una lista',
  object: 'un objeto',
  date: 'una fecha',
  file: 'un archivo',
};

const formatNames: Record<string, string> = {
  email: 'un correo electrónico válido',
  url: 'una dirección web válida',
  uuid: 'un identificador válido',
  date: 'una fecha válida (aaaa-mm-dd)',
  datetime: 'una fecha y hora válidas',
  time: 'una hora válida (hh:mm)',
};

const spanishLocale = z.locales.es().localeError;

type Issue = Parameters<NonNullable<typeof spanishLocale>>[0];

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const max = Number(issue.maximum);
  const limit = issue.inclusive ? max : max - 1;
  switch (issue.origin) {
    case 'string':
      return `Escriba como máximo ${limit} ${limit === 1 ? 'carácter' : 'caracteres'}.`;
    case 'array':
    case 'set':
      return `Elija como máximo ${limit} ${limit === 1 ? 'elemento' : 'elementos'}.`;
    case 'file':
      return 'El archivo es demasiado grande.';
    default:
      return issue.inclusive
        ? `El valor debe ser como máximo ${issue.maximum}.`
        : `El valor debe ser menor que ${issue.maximum}.`;
  }
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const min = Number(issue.minimum);
  const limit = issue.inclusive ? min : min + 1;
  switch (issue.origin) {
    case 'string':
      return limit <= 1
        ? 'El campo es obligatorio.'
        : `Escriba al menos ${limit} ${limit === 1 ? 'carácter' : 'caracteres'}.`;
    case 'array':
    case 'set':
      return `Elija al menos ${limit} ${limit === 1 ? 'elemento' : 'elementos'}.`;
    default:
      return issue.inclusive
        ? `El valor debe ser como mínimo ${issue.minimum}.`
        : `El valor debe ser mayor que ${issue.minimum}.`;
  }
}

/** The message for one zod issue; `undefined` hands it to zod's Spanish locale. */
export function spanishIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'El campo es obligatorio.';
      return typeNames[issue.expected]
        ? `Se esperaba ${typeNames[issue.expected]}.`
        : 'El valor no es válido.';
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return formatNames[issue.format] ? `Escriba ${formatNames[issue.format]}.` : 'El formato no es válido.';
    case 'not_multiple_of':
      return `El valor debe ser múltiplo de ${issue.divisor}.`;
    case 'invalid_value':
      return issue.values.length === 1 ? 'El valor no es válido.' : 'Elija una de las opciones válidas.';
    case 'unrecognized_keys':
      return `Campos no admitidos: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return 'El valor no es válido.';
    default:
      return undefined;
  }
}

z.config({
  localeError: (issue) => spanishIssueMessage(issue) ?? spanishLocale?.(issue) ?? 'El valor no es válido.',
});
