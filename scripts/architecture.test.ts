import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

// The rules of .dependency-cruiser.cjs, run on a small made-up tree with one import of each kind:
// proves each rule fires on what it forbids and stays quiet on what it allows (npm run arch runs them
// on the real tree, where there is no violation left and none is set aside).
const root = path.resolve(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));
const tree = mkdtempSync(path.join(tmpdir(), 'bjp-arch-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const files: Record<string, string> = {
  'apps/api/src/modules/holders/index.ts': "export { saveTitular } from './titular';",
  'apps/api/src/modules/holders/titular.ts': 'export const saveTitular = 1;',
  // allowed: another area through the public face
  'apps/api/src/modules/adjustments/changes.ts':
    "import { saveTitular } from '../holders/index';\nexport const a = saveTitular;",
  // forbidden: another area's inside
  'apps/api/src/modules/removals/remove.ts':
    "import { saveTitular } from '../holders/titular';\nexport const r = saveTitular;",
  // forbidden: shared code reaching into an area
  'apps/api/src/lib/helper.ts':
    "import { saveTitular } from '../modules/holders/titular';\nexport const h = saveTitular;",
  // allowed: the route list registers an area's routes; forbidden: a document template importing an area
  'apps/api/src/modules/index.ts':
    "import { saveTitular } from './holders/titular';\nexport const all = [saveTitular];",
  'apps/api/src/documents/holder-pdf.ts':
    "import type { saveTitular } from '../modules/holders/index';\nexport type D = typeof saveTitular;",
  // forbidden: a domain area or a web feature reaching into another's inside
  'packages/domain/src/holders/status.ts': 'export const normalizeDocument = 1;',
  'packages/domain/src/events/identity.ts':
    "import { normalizeDocument } from '../holders/status';\nexport const i = normalizeDocument;",
  'apps/web/src/features/structure/CourseMenu.tsx': 'export const CourseMenu = 1;',
  'apps/web/src/features/holders/StudentsPanel.tsx':
    "import { CourseMenu } from '../structure/CourseMenu';\nexport const s = CourseMenu;",
  // forbidden: a cycle, type-only imports included (reported once, at the edge that closes it)
  'apps/api/src/cycle-a.ts': "import type { B } from './cycle-b';\nexport type A = B | 1;",
  'apps/api/src/cycle-b.ts': "import type { A } from './cycle-a';\nexport type B = A | 2;",
  // forbidden: the domain importing an app, the web importing the server
  'packages/domain/src/common/x.ts':
    "import { h } from '../../../../apps/api/src/lib/helper';\nexport const x = h;",
  'apps/web/src/features/users/UsersPage.tsx':
    "import { h } from '../../../../api/src/lib/helper';\nexport const u = h;",
  // allowed: the route table lazy-loads a page; forbidden: a static import of a feature's inside
  'apps/web/src/app/routes.tsx': "export const page = () => import('../features/users/UsersPage');",
  'apps/web/src/ui/Menu.tsx': "import { u } from '../features/users/UsersPage';\nexport const m = u;",
};

describe('architecture rules (.dependency-cruiser.cjs)', () => {
  it('flags each forbidden import and only those', async () => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
      writeFileSync(path.join(tree, file), `${text}\n`);
    }
    {
      const result = await cruise(
        ['apps', 'packages'],
        {
          ruleSet: { forbidden: config.forbidden },
          baseDir: tree,
          validate: true,
          tsPreCompilationDeps: true,
          doNotFollow: { path: 'node_modules' },
        },
        { extensions: config.options.enhancedResolveOptions.extensions },
      );
      const output = result.output as {
        summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> };
      };
      const found = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
      expect(found).toEqual(
        [
          'api-area-public-face: apps/api/src/modules/removals/remove.ts → apps/api/src/modules/holders/titular.ts',
          'api-shared-code-public-faces: apps/api/src/lib/helper.ts → apps/api/src/modules/holders/titular.ts',
          'documents-below-areas: apps/api/src/documents/holder-pdf.ts → apps/api/src/modules/holders/index.ts',
          'domain-area-public-face: packages/domain/src/events/identity.ts → packages/domain/src/holders/status.ts',
          'domain-stands-alone: packages/domain/src/common/x.ts → apps/api/src/lib/helper.ts',
          'no-circular: apps/api/src/cycle-a.ts → apps/api/src/cycle-b.ts',
          'web-area-public-face: apps/web/src/features/holders/StudentsPanel.tsx → apps/web/src/features/structure/CourseMenu.tsx',
          'web-not-server: apps/web/src/features/users/UsersPage.tsx → apps/api/src/lib/helper.ts',
          'web-shell-public-faces: apps/web/src/ui/Menu.tsx → apps/web/src/features/users/UsersPage.tsx',
        ].sort(),
      );
    }
  });
});
