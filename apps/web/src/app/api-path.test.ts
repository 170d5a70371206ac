import { describe, expect, it } from 'vitest';
import { apiPath, linkFromApi } from './api-path';

// Downloads are addressed like the JSON calls: by a path the API's document declares, with its
// parameters. The @ts-expect-error lines are the test that matters: tsc (npm run typecheck) fails
// if a wrong path or a missing parameter ever compiles.
describe('apiPath', () => {
  it('fills a declared path with its parameters', () => {
    expect(apiPath('/imports/{id}/errors', { id: 7 })).toBe('/imports/7/errors');
    expect(apiPath('/adjustments/progress')).toBe('/adjustments/progress');
    expect(apiPath('/imports/roll/{kind}/template', { kind: 'roll' })).toBe('/imports/roll/roll/template');
  });

  it('refuses, at compile time, a path the API does not declare or a missing parameter', () => {
    // @ts-expect-error: no such route
    expect(() => apiPath('/reports/nowhere/document')).not.toThrow();
    // @ts-expect-error: the route needs { id }
    expect(() => apiPath('/imports/{id}/errors')).toThrow(/id/);
    // @ts-expect-error: kind is one of districts, institutions, roll
    apiPath('/imports/roll/{kind}/template', { kind: 'alumnos' });
  });

  it("takes a link the API returned as it is, without the client's base", () => {
    expect(linkFromApi('/api/v1/events/3/participants/9/files/abc')).toBe(
      '/events/3/participants/9/files/abc',
    );
  });
});
