import { certificateSql } from '../../integrations/sereci/registry.js';
import type { Executor } from '../client.js';
import { run } from './sql.js';

/**
 * Data of the SERECI, blocking and synchronisation screens, set-based:
 * - the birth-certificate data captured with the RUDE for every student SEGIP did not validate,
 *   equal to the SERECI simulator's record (registry.ts) except for one in seven pending students,
 *   whose folio was mistyped, so SERECI refuses them until the certificate is checked;
 * - a SERECI validation for each student already marked empareja_sereci;
 * - about one temporary block in 2,500 inscriptions, one in three of them already released;
 * - the consolidation history from the calendar start to the day before `today`: Sundays without a
 *   record (NO SINCRONIZADO), one day in eleven stopped after steps 1 or 2 (INCOMPLETA), the rest
 *   complete. Past batches keep no items: the lists show the latest day's batch.
 */
export async function loadSyncDemo(tx: Executor, today: string): Promise<void> {
  const c = certificateSql('s.rude', 's.birth_date');
  await run(
    tx,
    `INSERT INTO student_certificates (student_id, oficialia, libro, partida, folio, updated_at)
     SELECT s.id, ${c.oficialia}, ${c.libro}, ${c.partida},
       CASE WHEN NOT s.empareja_sereci AND s.id % 7 = 3 THEN (${c.folio}::int + 1)::text ELSE ${c.folio} END,
       TIMESTAMPTZ '2025-03-01 08:00:00-04'
     FROM students s WHERE s.segip_id <> 1`,
  );
  await run(
    tx,
    `INSERT INTO sereci_validations (student_id, inscription_id, oficialia, libro, partida, folio, validated_at)
     SELECT s.id, n.id, ${c.oficialia}, ${c.libro}, ${c.partida}, ${c.folio},
       TIMESTAMPTZ '2025-10-13 09:00:00-04' + (s.id % 38) * INTERVAL '1 day' + (s.id % 480) * INTERVAL '1 minute'
     FROM students s LEFT JOIN inscriptions n ON n.student_id = s.id
     WHERE s.empareja_sereci AND s.segip_id <> 1`,
  );
  const observations = [
    'Observado por duplicidad de inscripción en otra unidad educativa',
    'Denuncia de la dirección distrital por inasistencia del estudiante',
    'Verificación de identidad del titular solicitada por el banco',
  ];
  await run(
    tx,
    `INSERT INTO student_blocks (inscription_id, student_id, institution_id, titular_id, person_id, blocked_at,
       observation, unblocked_at, unblock_observation)
     SELECT n.id, n.student_id, n.institution_id, t.id, t.person_id,
       TIMESTAMPTZ '2025-10-20 10:00:00-04' + (n.id % 30) * INTERVAL '1 day',
       (ARRAY['${observations.join("','")}'])[1 + n.id % 3],
       CASE WHEN n.id % 3 = 0 THEN TIMESTAMPTZ '2025-11-21 10:00:00-04' + (n.id % 5) * INTERVAL '1 day' END,
       CASE WHEN n.id % 3 = 0 THEN 'Situación aclarada con la unidad educativa' END
     FROM inscriptions n
     LEFT JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
     WHERE n.removed_at IS NULL AND n.id % 2500 = 1234`,
  );
  // Bolivian local times (UTC−4, no daylight saving) of a generated day.
  const at = (day: string, time: string) => `(to_char(${day}, 'YYYY-MM-DD') || ' ${time}-04')::timestamptz`;
  const sent = 'k % 11 <> 5 OR k % 2 = 0';
  await run(
    tx,
    `INSERT INTO sync_batches (day, period_from, period_to, created_at, is_send, sent_at,
       is_send_change, changed_at, is_send_copy, copied_at, cut)
     SELECT d::date, ${at('d - 1', '19:00:00')}, ${at('d', '19:00:00')}, ${at('d', '19:00:00')}, true, ${at('d', '19:00:00')},
       ${sent}, CASE WHEN ${sent} THEN ${at('d', '19:20:00')} END,
       k % 11 <> 5, CASE WHEN k % 11 <> 5 THEN ${at('d', '19:40:00')} END,
       CASE WHEN ${sent} THEN 'C' || to_char(d, 'YYYYMMDD') END
     FROM (SELECT d::date AS d, row_number() OVER (ORDER BY d) AS k
           FROM generate_series((SELECT calendar_start FROM programme_settings WHERE id = 1)::timestamp,
             DATE '${today}' - 1, INTERVAL '1 day') AS d) days
     WHERE extract(isodow FROM d) <> 7`,
  );
}
