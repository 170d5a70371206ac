import {
  type DeclarationKind,
  type DeclarationVersion,
  declarationMessages,
  formatDateTime,
} from '@bjp/domain';
import { Alert, Badge, Button, Code, Loader, Modal, Table, Text } from '@mantine/core';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { downloadFile } from '../../ui/download';
import { notifyError } from '../../ui/notify';
import { WideTable } from '../../ui/WideTable';
import { declarationVersionPath, useDeclarationVersions } from './api';

type Props = {
  kind: DeclarationKind;
  sie: number /** A closed gestión; undefined for the open one. */;
  year?: number;
};

/**
 * 'Versiones de la declaración' (issue 12): every stored version of the school's declaration, the
 * current one and those a 'Habilitar' replaced, each downloadable exactly as it was issued.
 */
export function DeclarationVersionsButton({ kind, sie, year }: Props) {
  const [opened, setOpened] = useState(false);
  const versions = useDeclarationVersions(kind, sie, opened, year);
  return (
    <>
      <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setOpened(true)}>
        Versiones
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={
          year === undefined ? 'Versiones de la declaración' : `Versiones de la declaración — Gestión ${year}`
        }
        size="xl"
      >
        {versions.isPending && <Loader size="sm" />}
        {versions.isError && <Alert color="red">{errorMessage(versions.error)}</Alert>}
        {versions.data && versions.data.items.length === 0 && (
          <Text size="sm" c="dimmed">
            {year === undefined
              ? 'Aún no hay versiones guardadas: la primera se guarda al consolidar o al descargar la declaración.'
              : `No hay versiones guardadas de la gestión ${year}.`}
          </Text>
        )}
        {versions.data && versions.data.items.length > 0 && (
          <WideTable minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Versión</Table.Th>
                  <Table.Th>Consolidada</Table.Th>
                  <Table.Th>Por</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Código de verificación</Table.Th>
                  <Table.Th>SHA-256</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.data.items.map((v) => (
                  <VersionRow key={`${v.year}-${v.version}`} kind={kind} sie={sie} version={v} />
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        )}
      </Modal>
    </>
  );
}

function VersionRow({
  kind,
  sie,
  version: v,
}: {
  kind: DeclarationKind;
  sie: number;
  version: DeclarationVersion;
}) {
  const [busy, setBusy] = useState(false);
  const superseded = v.supersededAt !== null;
  const download = async () => {
    setBusy(true);
    try {
      // The listed version's own gestión: a number names one version per year (decision 042).
      await downloadFile(
        declarationVersionPath(kind, sie, v.version),
        `DDJJ_${sie}_${v.year}_v${v.version}.pdf`,
        { year: v.year },
      );
    } catch (error) {
      notifyError(errorMessage(error, 'Falla en el proceso!'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Table.Tr>
      <Table.Td>{v.version}</Table.Td>
      <Table.Td>{formatDateTime(v.consolidatedAt)}</Table.Td>
      <Table.Td>{v.consolidatedBy || '—'}</Table.Td>
      <Table.Td>
        <Badge color={superseded ? 'gray' : 'teal'} variant="light">
          {superseded ? declarationMessages.superseded : declarationMessages.current}
        </Badge>
        {superseded && v.supersededAt && (
          <Text size="xs" c="dimmed">
            {formatDateTime(v.supersededAt)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Code>{v.verificationCode}</Code>
      </Table.Td>
      <Table.Td title={v.sha256}>
        {/* A declaration recorded without its print (demo data of a closed year) has no hash. */}
        {v.sha256 ? <Code>{v.sha256.slice(0, 12)}…</Code> : '—'}
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          loading={busy}
          onClick={download}
          aria-label={`Descargar versión ${v.version}`}
        >
          PDF
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
