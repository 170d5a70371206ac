import { type DistrictEntry, districtCatalogue } from './places.js';

export type Scale = 'tiny' | 'demo' | 'department' | 'national';
export const scales: readonly Scale[] = ['tiny', 'demo', 'department', 'national'];

export type ScaleConfig = {
  /** Districts to generate, by department, as positions in the catalogue (1-based). */
  districts: Array<{ departmentId: number; position: number; entry: DistrictEntry }>;
  institutions: number;
  /** Course sizes are scaled so the total lands on this figure. */
  students: number;
  /** Fixed school counts by district name (tiny only), instead of spreading by district weight. */
  fixedCounts?: Record<string, number>;
};

const byName = (picks: Record<number, string[]>): ScaleConfig['districts'] =>
  Object.entries(picks).flatMap(([department, names]) =>
    names.map((name) => {
      const departmentId = Number(department);
      const position = districtCatalogue[departmentId].findIndex((d) => d.name === name) + 1;
      if (position === 0) throw new Error(`Unknown district ${name} in department ${departmentId}`);
      return { departmentId, position, entry: districtCatalogue[departmentId][position - 1] };
    }),
  );

const allOf = (departmentIds: number[]): ScaleConfig['districts'] =>
  departmentIds.flatMap((departmentId) =>
    districtCatalogue[departmentId].map((entry, i) => ({ departmentId, position: i + 1, entry })),
  );

/** 'La Paz 1' (2001) always exists: the demo district and director users are placed there. */
export const DEMO_DISTRICT_ID = 2001;

export function scaleConfig(scale: Scale): ScaleConfig {
  switch (scale) {
    case 'tiny':
      return {
        districts: byName({ 2: ['La Paz 1', 'El Alto 1'], 7: ['Montero'] }),
        institutions: 8,
        students: 320,
        fixedCounts: { 'La Paz 1': 4, 'El Alto 1': 2, Montero: 2 },
      };
    case 'demo':
      return {
        districts: byName({
          1: ['Sucre 1', 'Monteagudo', 'Tarabuco'],
          2: [
            'La Paz 1',
            'La Paz 2',
            'El Alto 1',
            'El Alto 2',
            'Viacha',
            'Achacachi',
            'Copacabana',
            'Sorata',
          ],
          3: ['Cochabamba 1', 'Cochabamba 2', 'Quillacollo', 'Sacaba', 'Aiquile'],
          4: ['Oruro 1', 'Huanuni', 'Toledo'],
          5: ['Potosí 1', 'Llallagua', 'Uyuni', 'Betanzos'],
          6: ['Tarija 1', 'Yacuiba', 'Padcaya'],
          7: ['Santa Cruz 1', 'Santa Cruz 2', 'Montero', 'Warnes', 'Camiri', 'Concepción'],
          8: ['Trinidad', 'Riberalta', 'Rurrenabaque'],
          9: ['Cobija', 'Porvenir'],
        }),
        institutions: 180,
        students: 25_000,
      };
    case 'department':
      return { districts: allOf([2]), institutions: 4_100, students: 600_000 };
    case 'national':
      return { districts: allOf([1, 2, 3, 4, 5, 6, 7, 8, 9]), institutions: 16_000, students: 2_300_000 };
  }
}
