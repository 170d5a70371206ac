import type { DryRunResult } from '@bjp/domain';
import { Alert, Anchor, Button, Card, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconFileSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../app/api';
import { confirmAction, showErrorDialog } from '../../ui/ConfirmDialog';
import { downloadFile } from '../../ui/download';
import { PageHeader } from '../../ui/PageHeader';
import { useConfirmImport, useDryRun, useImport } from './api';
import { ImportHistory } from './ImportHistory';
import { ImportReport } from './ImportReport';

/**
 * 'Importar Datos' (issue 18, national administrators): the bank's payment file is uploaded and
 * checked (a dry run that writes no payment), its report read, then 'Confirmar' imports it as a job
 * followed with a progress bar. The layout is in docs/imports.md; the template is downloadable here.
 */
export function ImportPage() {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<DryRunResult | null>(null);
  const [following, setFollowing] = useState(false);
  const dryRun = useDryRun();
  const confirm = useConfirmImport();
  const job = useImport(report?.id ?? null, following);
  const status = job.data;

  useEffect(() => {
    if (status?.state === 'done' || status?.state === 'failed')
      void client.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== 'imports' || q.queryKey[1] === 'history',
      });
  }, [status?.state, client]);

  const check = () => {
    if (!file) return;
    setReport(null);
    setFollowing(false);
    dryRun.mutate(file, {
      onSuccess: (r) => {
        setReport(r);
        void client.invalidateQueries({ queryKey: ['imports', 'history'] });
      },
      onError: (error) => showErrorDialog(errorMessage(error), 'El archivo no se puede importar'),
    });
  };

  const accept = async () => {
    if (!report) return;
    const writes = report.counts.new + report.counts.changed;
    if (
      !(await confirmAction({
        message: `Se registrarán ${writes} pagos (nuevos o modificados). ¿Confirmar la importación?`,
      }))
    )
      return;
    confirm.mutate(report.id, {
      onSuccess: () => setFollowing(true),
      onError: (error) => showErrorDialog(errorMessage(error), 'No se pudo confirmar'),
    });
  };

  const running = following && (!status || status.state === 'queued' || status.state === 'running');
  const { done = 0, total = 0, message = '' } = status?.progress ?? {};
  return (
    <Stack>
      <PageHeader title="Importar Datos" breadcrumbs={['Administrar', 'Importar Datos']} />
      <Card withBorder>
        <Stack gap="sm">
          <Title order={3} size="h4">
            Archivo de pagos del banco
          </Title>
          <Text size="sm">
            CSV (UTF-8 o Latin-1, separado por «;» o «,») o XLSX (primera hoja) con las columnas RUDE, MONTO,
            FECHA_PAGO (dd/mm/aaaa), BANCO, AGENCIA y MODALIDAD.{' '}
            <Anchor
              component="button"
              type="button"
              onClick={() =>
                downloadFile('/imports/payments/template', 'plantilla_pagos.csv').catch((e) =>
                  showErrorDialog(errorMessage(e)),
                )
              }
            >
              Descargar plantilla (CSV)
            </Anchor>
          </Text>
          <Group align="flex-end">
            <FileInput
              label="Archivo"
              placeholder="Elegir archivo…"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={setFile}
              clearable
              style={{ minWidth: 320 }}
              disabled={dryRun.isPending || running}
            />
            <Button
              leftSection={<IconFileSearch size={16} />}
              onClick={check}
              disabled={!file || running}
              loading={dryRun.isPending}
            >
              Revisar archivo
            </Button>
          </Group>
          {dryRun.isPending && (
            <Text size="sm" c="dimmed" aria-live="polite">
              Subiendo y revisando el archivo; no se escribe ningún pago…
            </Text>
          )}
        </Stack>
      </Card>

      {report && (
        <Card withBorder>
          <Stack gap="sm">
            <Title order={3} size="h4">
              Revisión de {report.fileName}
            </Title>
            {/* The hash is one 64-character word: it must wrap on a phone. */}
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Simulación: todavía no se escribió ningún pago. SHA-256 {report.sha256}
            </Text>
            <ImportReport report={report} result={status?.result ?? null} />
            {!following && (
              <Button
                leftSection={<IconCheck size={16} />}
                onClick={accept}
                loading={confirm.isPending}
                style={{ alignSelf: 'flex-start' }}
              >
                Confirmar
              </Button>
            )}
            {running && (
              <Stack gap={4} aria-live="polite">
                <Progress
                  value={total > 0 ? (100 * done) / total : 0}
                  animated
                  striped
                  aria-label="Avance de la importación"
                />
                <Text size="sm" c="dimmed">
                  {message || 'Importación en cola…'}
                </Text>
              </Stack>
            )}
            {status?.state === 'done' && (
              <Alert color="green" title="Importación terminada">
                {status.message ?? 'Los pagos del archivo quedaron registrados.'}
              </Alert>
            )}
            {status?.state === 'failed' && (
              <Alert color="red" title="La importación no se realizó">
                {status.error ?? 'No se escribió ningún pago.'} No se escribió ningún pago.
              </Alert>
            )}
          </Stack>
        </Card>
      )}
      <ImportHistory />
    </Stack>
  );
}
