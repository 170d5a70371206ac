import { districtTemplateCsv, institutionTemplateCsv, type RollKind, rollTemplateCsv } from '@bjp/domain';
import type { Executor } from '../../../db/client.js';
import { programmeYear } from './queries/import-row.js';

/** The CSV template of each roll file (header and one example row); the roll's names the programme year. */
export async function rollTemplate(db: Executor, kind: RollKind): Promise<{ fileName: string; csv: string }> {
  if (kind === 'districts') return { fileName: 'plantilla_distritos.csv', csv: districtTemplateCsv };
  if (kind === 'institutions')
    return { fileName: 'plantilla_unidades_educativas.csv', csv: institutionTemplateCsv };
  return { fileName: 'plantilla_nomina.csv', csv: rollTemplateCsv(await programmeYear(db)) };
}
