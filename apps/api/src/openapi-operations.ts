import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * What the OpenAPI document says of each operation beyond its zod schemas (issue 35 §8), so a client
 * generator has names and the refusals every route can answer: an operationId from the method and
 * the path, a summary (the route's own, or its method and path), the bearer scheme on every route
 * that is not public, and the error answers — all `{ code, message }` in Spanish (lib/errors.ts).
 */
const errorBody = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'Código estable del error (bad_request, forbidden, conflict…)' },
    message: { type: 'string', description: 'Mensaje en español para el usuario' },
  },
} as const;

const refusal = (description: string) => ({ description, ...errorBody });

const refusals = {
  400: refusal('Datos no válidos: el mensaje dice cuál y por qué'),
  401: refusal('Sin sesión, o la sesión venció'),
  403: refusal('El perfil o el lugar del usuario no permiten la operación'),
  404: refusal('No existe, o no está en el lugar del usuario'),
  409: refusal('El estado no permite la operación (ya consolidado, ya bloqueado…)'),
  429: refusal('Demasiadas solicitudes: espere y vuelva a intentar'),
  503: refusal('El servicio no está disponible por un momento (base de datos, disco)'),
};

/** 'GET' '/api/v1/holders/institutions/:sie/students' → 'getHoldersInstitutionsBySieStudents'. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split(/[^A-Za-z0-9]+/)));
  const camel = words.map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : '')).join('');
  return method.toLowerCase() + (camel || 'Root');
}

type Transformed = { schema: FastifySchema & Record<string, unknown>; url: string };

export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input) as Transformed;
  const route = input.route as RouteOptions & { config?: { public?: boolean; rateLimit?: unknown } };
  const schema = out.schema;
  if (schema.hide) return out;
  const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
  const isPublic = route.config?.public === true;
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  const add = (code: keyof typeof refusals) => {
    response[code] ??= refusals[code];
  };
  // A download (PDF, XLSX, a stored file) declares no JSON answer: its 200 is said all the same.
  if (!Object.keys(response).some((code) => code.startsWith('2')))
    response[200] = { description: 'El archivo pedido (PDF, XLSX, CSV o el archivo guardado)' };
  add(400);
  if (!isPublic) {
    add(401);
    add(403);
  }
  if (out.url.includes(':')) add(404);
  if (method !== 'GET') add(409);
  if (route.config?.rateLimit || isPublic) add(429);
  add(503);
  return {
    url: out.url,
    schema: {
      ...schema,
      operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, out.url),
      summary: (schema.summary as string | undefined) ?? `${method} ${out.url.replace(/^\/api\/v1/, '')}`,
      security: isPublic ? [] : [{ bearer: [] }],
      response,
    },
  };
};

/** The document's own parts: servers, the bearer scheme, a licence line. */
export const openApiRoot = {
  info: {
    title: 'Consola BJP — API',
    version: '1.0.0',
    description:
      'API de la consola del bono escolar. Cada respuesta de error es `{ code, message }` con el mensaje en español.',
    license: { name: 'Uso interno del Ministerio de Educación', url: 'https://www.minedu.gob.bo/' },
  },
  servers: [{ url: '/', description: 'Este servidor' }],
  components: {
    securitySchemes: {
      bearer: {
        type: 'http' as const,
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'El token de POST /api/v1/auth/login (o de /auth/refresh)',
      },
    },
  },
};
