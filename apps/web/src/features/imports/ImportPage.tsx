import {
  type DryRunResult,
  type ImportDetail,
  type ImportKind,
  importKindNames,
  importKinds,
  isRollKind,
} from '@bjp/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconFileSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../app/api';
import { confirmAction, showErrorDialog } from '../../ui/ConfirmDialog';
import { downloadFile } from '../../ui/download';
import { PageHeader } from '../../ui/PageHeader';
import { useConfirmImport, useDryRun, useImport, useRollCheck } from './api';
import { ImportHistory } from './ImportHistory';
import { ImportReport } from './ImportReport';
import { kindTexts } from './kinds';
import { WithdrawnStudents } from './WithdrawnStudents';

/** A roll file's finished dry run, as the report the payment file's dry run answers at once. */
const reportOf = (detail: ImportDetail): DryRunResult => ({
  ...detail,
  errorList: detail.errorList ?? [],
  errorsTruncated: detail.errorsTruncated ?? false,
});

/**
 * 'Importar Datos' (issue 18, national administrators): a file — the bank's payments, or one of the
 * school roll's three — is uploaded and checked (a dry run that writes nothing of the programme's
 * data; for the roll, a job followed here), its report read, then 'Confirmar' imports it as a job
 * followed with a progress bar. The layouts are in docs/imports.md; each template is downloadable.
 */
export function ImportPage() {
  const client = useQueryClient();
  const [kind, setKind] = useState<ImportKind>('payments');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<DryRunResult | null>(null);
  const [checkingId, setCheckingId] = useState<number | null>(null);
  const [following, setFollowing] = useState(false);
  const dryRun = useDryRun();
  const rollCheck = useRollCheck();
  const confirm = useConfirmImport();
  // Said by 'Confirmar' when the import's earlier job had died with its server and was started again.
  const [restarted, setRestarted] = useState<string | null>(null);
  const job = useImport(report?.id ?? checkingId, following || checkingId !== null);
  const status = job.data;
  const text = kindTexts[kind];
  const refreshHistory = () => client.invalidateQueries({ queryKey: ['imports', 'history'] });

  useEffect(() => {
    if (status?.state === 'done' || status?.state === 'failed')
      void client.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== 'imports' || q.queryKey[1] !== 'one',
      });
  }, [status?.state, client]);

  // A roll file's dry run ended: its report, or why the file is refused.
  useEffect(() => {
    if (checkingId === null || status?.id !== checkingId) return;
    if (status.state === 'checked') {
      setReport(reportOf(status));
      setCheckingId(null);
    } else if (status.state === 'failed') {
      setCheckingId(null);
      showErrorDialog(status.error ?? 'La revisión no pudo completarse.', 'El archivo no se puede importar');
    }
  }, [status, checkingId]);

  const choose = (next: ImportKind) => {
    setKind(next);
    setFile(null);
    setReport(null);
    setCheckingId(null);
    setFollowing(false);
  };

  const check = () => {
    if (!file) return;
    setReport(null);
    setFollowing(false);
    const refused = (error: unknown) =>
      showErrorDialog(errorMessage(error), 'El archivo no se puede importar');
    if (isRollKind(kind)) {
      rollCheck.mutate(
        { kind, file },
        {
          onSuccess: (started) => {
            setCheckingId(started.id);
            void refreshHistory();
          },
          onError: refused,
        },
      );
      return;
    }
    dryRun.mutate(file, {
      onSuccess: (r) => {
        setReport(r);
        void refreshHistory();
      },
      onError: refused,
    });
  };

  const accept = async () => {
    if (!report || !(await confirmAction({ message: text.confirm(report.counts) }))) return;
    confirm.mutate(report.id, {
      onSuccess: (answer) => {
        setRestarted(answer.message ?? null);
        setFollowing(true);
        void job.refetch();
      },
      onError: (error) => showErrorDialog(errorMessage(error), 'No se pudo confirmar'),
    });
  };

  const checking = checkingId !== null;
  const uploading = dryRun.isPending || rollCheck.isPending;
  const running = following && (!status || status.state === 'queued' || status.state === 'running');
  const { done = 0, total = 0, message = '' } = status?.progress ?? {};
  return (
    <Stack>
      <PageHeader title="Importar Datos" breadcrumbs={['Administrar', 'Importar Datos']} />
      <Card withBorder>
        <Stack gap="sm">
          <Select
            label="Tipo de archivo"
            data={importKinds.map((k) => ({ value: k, label: importKindNames[k] }))}
            value={kind}
            onChange={(value) => value && choose(value as ImportKind)}
            disabled={uploading || checking || running}
            style={{ maxWidth: 320 }}
          />
          <Title order={3} size="h4">
            {text.title}
          </Title>
          <Text size="sm">
            {text.layout}{' '}
            <Anchor
              component="button"
              type="button"
              onClick={() =>
                downloadFile(text.template.path, text.template.fileName).catch((e) =>
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
              style={{ minWidth: 'min(320px, 100%)' }}
              disabled={uploading || checking || running}
            />
            <Button
              leftSection={<IconFileSearch size={16} />}
              onClick={check}
              disabled={!file || running || checking}
              loading={uploading}
            >
              Revisar archivo
            </Button>
          </Group>
          {(uploading || checking) && (
            <Stack gap={4} aria-live="polite">
              {checking && <Progress value={100} animated striped aria-label="Avance de la revisión" />}
              <Text size="sm" c="dimmed">
                {checking && message
                  ? message
                  : 'Subiendo y revisando el archivo; no se escribe nada todavía…'}
              </Text>
            </Stack>
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
              Simulación: todavía no se escribió nada. SHA-256 {report.sha256}
            </Text>
            <ImportReport report={report} result={following ? (status?.result ?? null) : null} />
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
            {following && restarted && (
              <Alert color="yellow" title="Importación reiniciada">
                {restarted}
              </Alert>
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
            {following && status?.state === 'done' && (
              <Alert color="green" title="Importación terminada">
                {status.message ?? 'Los datos del archivo quedaron registrados.'}
              </Alert>
            )}
            {following && status?.state === 'failed' && (
              <Alert color="red" title="La importación no se realizó">
                {status.error ?? ''} {text.nothingWritten}
              </Alert>
            )}
          </Stack>
        </Card>
      )}
      <WithdrawnStudents />
      <ImportHistory />
    </Stack>
  );
}
