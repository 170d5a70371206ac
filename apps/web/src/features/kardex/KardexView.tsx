import { formatBOB, formatDate, formatDateTime, type Kardex, noveltiesKardexTitle } from '@bjp/domain';
import { Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BonusStateBadge } from '../../ui/BonusStateBadge';
import { WideTable } from '../../ui/WideTable';

const when = (iso: string | null) => formatDateTime(iso);

type LedgerEntry = Kardex['ledger'][number];
const sources: Record<LedgerEntry['source'], string> = {
  sync: 'Sincronización con Síntesis',
  import: 'Importación del archivo de pagos',
  migration: 'Registro anterior al libro de pagos',
  manual: 'Corrección manual',
};
const statuses: Record<string, string> = { PAGADO: 'PAGADO', NO_PAGADO: 'NO PAGADO', ANULADO: 'ANULADO' };

/** One record of the bank as a line: status, date, bank, mode and amount ('PAGADO 27/10/2026 · Banco Unión · VENTANILLA · 200.00 Bs.'). */
export function ledgerRecord(r: LedgerEntry['after']): string {
  const parts = [
    `${statuses[r.bankStatus] ?? r.bankStatus}${r.paidOn ? ` ${formatDate(r.paidOn)}` : ''}`,
    r.bank,
    r.mode,
    r.amountBob == null ? null : formatBOB(r.amountBob),
  ];
  return parts.filter(Boolean).join(' · ');
}

/** Where an entry came from, with its run or import number, as the operator finds it again. */
export const ledgerSource = (e: LedgerEntry) =>
  `${sources[e.source]}${e.sourceId == null ? '' : ` n.º ${e.sourceId}`}`;

function Section({ title, headers, rows }: { title: string; headers: string[]; rows: ReactNode[][] }) {
  return (
    <Stack gap={4}>
      <Title order={6}>{title}</Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin registros.
        </Text>
      ) : (
        // On a phone each row is a card (a line per column, its header before it): no sideways scroll.
        <WideTable minWidth={520} cards>
          <Table withTableBorder striped fz="xs">
            <Table.Thead>
              <Table.Tr>
                {headers.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((cells, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a read-only history keep their order
                <Table.Tr key={i}>
                  {cells.map((c, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                    <Table.Td key={j}>{c}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      )}
    </Stack>
  );
}

/**
 * 'Kardex del Estudiante': the student's whole history within the caller's place, section by
 * section (the server already left out what lies outside it). Used by the Kardex page and, as a
 * modal, by the synchronisation lists.
 */
export function KardexView({ k }: { k: Kardex }) {
  return (
    <Stack data-testid="kardex-view">
      <Text size="sm">
        <b>{k.student.name}</b> — RUDE {k.student.rude} — nacimiento {formatDate(k.student.birthDate)} —{' '}
        {k.student.identity}
      </Text>
      <Section
        title="Inscripciones"
        headers={['Gestión', 'Unidad Educativa', 'Curso', 'Baja', 'Estado del bono']}
        rows={k.inscriptions.map((i) => [
          i.year,
          `${i.institutionId} - ${i.institution}`,
          i.course,
          when(i.removedAt),
          <BonusStateBadge key="state" state={i.bonusState} />,
        ])}
      />
      <Section
        title="Titulares"
        headers={['CI', 'Titular', 'Parentesco', 'Alta', 'Baja']}
        rows={k.titulars.map((t) => [t.carnet, t.name, t.relationship, when(t.createdAt), when(t.removedAt)])}
      />
      <Section
        title="Ajustes de titular (tras la consolidación)"
        headers={['Gestión', 'Ajuste', 'Titular', 'Fecha', 'Nueva modificación habilitada']}
        rows={k.adjustments.map((a) => [a.year, a.kind, a.titular, when(a.createdAt), when(a.reenabledAt)])}
      />
      <Section
        title="Bajas de beneficiario"
        headers={['Gestión', 'Solicitud', 'Motivo', 'Titular', 'Fecha']}
        rows={k.removals.map((r) => [r.year, r.source, r.reason ?? '—', r.titular ?? '—', when(r.createdAt)])}
      />
      <Section
        title="Validaciones"
        headers={['Tipo', 'Fecha', 'Detalle']}
        rows={k.validations.map((v) => [v.kind, when(v.at), v.detail])}
      />
      <Section
        title="Bloqueos"
        headers={['Bloqueo', 'Observación', 'Desbloqueo', 'Observación']}
        rows={k.blocks.map((b) => [
          when(b.blockedAt),
          b.observation,
          when(b.unblockedAt),
          b.unblockObservation ?? '—',
        ])}
      />
      <Section
        title="Pagos informados por el banco (Síntesis)"
        headers={['Informe del banco', 'Fecha pago', 'Banco', 'Modalidad']}
        rows={k.payments.map((p) => [
          p.paid ? 'PAGADO' : 'NO PAGADO',
          formatDate(p.paidOn),
          p.bank ?? '—',
          p.mode ?? '—',
        ])}
      />
      <Section
        title="Libro de pagos del banco (cada registro recibido; una corrección muestra antes → después)"
        headers={['Gestión', 'Recibido', 'Origen', 'Antes', 'Después']}
        rows={k.ledger.map((e) => [
          k.inscriptions.find((i) => i.id === e.inscriptionId)?.year ?? '—',
          when(e.receivedAt),
          ledgerSource(e),
          e.before ? ledgerRecord(e.before) : '—',
          ledgerRecord(e.after),
        ])}
      />
      <Section
        title="Sincronización"
        headers={['Día', 'Cambio', 'Descripción']}
        rows={k.syncChanges.map((c) => [formatDate(c.day), c.kind, c.description])}
      />
      <Section
        title="Declaraciones juradas de su UE/CEE"
        headers={['Gestión', 'UE/CEE', 'Declaración', 'Versión', 'Consolidada', 'Por', 'Código']}
        rows={k.declarations.map((d) => [
          d.year,
          d.institutionId,
          d.kind,
          d.superseded ? `v${d.version} (reemplazada)` : `v${d.version}`,
          formatDateTime(d.consolidatedAt),
          d.consolidatedBy,
          d.verificationCode,
        ])}
      />
      <Section
        title={`${noveltiesKardexTitle} (novedades tras la declaración consolidada de su UE/CEE)`}
        headers={['Fecha y hora', 'Qué cambió', 'Detalle', 'Por', 'Posterior a']}
        rows={k.novelties.map((n) => [
          formatDateTime(n.at),
          n.label,
          n.detail ?? '—',
          n.by,
          `${n.declarationKind === 'holders' ? 'Registro de titulares' : 'Validación de pagados'} v${n.declarationVersion} (${formatDateTime(n.consolidatedAt)})`,
        ])}
      />
    </Stack>
  );
}
