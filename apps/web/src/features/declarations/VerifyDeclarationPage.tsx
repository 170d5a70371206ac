import { declarationMessages, formatDateTime } from '@bjp/domain';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { useVerification } from './api';

/**
 * /public/verificar/:code (issue 12): the page the QR code of a declaration opens, no login. It says
 * whether the code belongs to a declaration the system issued, and what that declaration declares in
 * totals, so a printout can be compared with it; nothing personal is shown.
 */
export function VerifyDeclarationPage() {
  const code = useParams().code ?? '';
  const navigate = useNavigate();
  const [typed, setTyped] = useState(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim().toUpperCase();
    if (next) navigate(`/public/verificar/${encodeURIComponent(next)}`);
  };
  return (
    <Stack maw={640} mx="auto">
      <Title order={2} ta="center">
        {declarationMessages.verificationTitle}
      </Title>
      <Text c="dimmed" ta="center" size="sm">
        Compare los datos de esta página con el documento impreso: si no coinciden, el documento no es el que
        se emitió.
      </Text>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit}>
        <Group align="flex-end">
          <TextInput
            label="Código de verificación"
            placeholder="XXXX-XXXX-XXXX-XXXX"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value.toUpperCase())}
            maxLength={40}
            autoComplete="off"
            style={{ flex: 1 }}
          />
          <Button type="submit">Verificar</Button>
        </Group>
      </Paper>
      {code && <VerificationAnswer code={code} />}
    </Stack>
  );
}

function VerificationAnswer({ code }: { code: string }) {
  const query = useVerification(code);
  if (query.isPending) return <Loader mx="auto" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  const r = query.data;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="verification-result">
      <Stack gap="xs">
        <Group>
          <Badge size="lg" color="teal">
            Declaración auténtica
          </Badge>
          <Badge size="lg" color={r.superseded ? 'gray' : 'blue'} variant="light">
            {r.status}
          </Badge>
        </Group>
        {r.superseded && <Alert color="yellow">{declarationMessages.supersededNotice}</Alert>}
        <Table>
          <Table.Tbody>
            <Row label="Código" value={<Code>{r.code}</Code>} />
            <Row label="Institución" value={`${r.institutionName} (SIE ${r.sie})`} />
            <Row label="Documento" value={r.kindLabel} />
            <Row label="Gestión" value={String(r.year)} />
            <Row label="Versión" value={String(r.version)} />
            <Row label="Consolidada" value={formatDateTime(r.consolidatedAt)} />
            {r.supersededAt && <Row label="Reemplazada" value={formatDateTime(r.supersededAt)} />}
            {r.totals.map((t) => (
              <Row key={t.label} label={t.label} value={t.value} />
            ))}
            <Row label="SHA-256 del PDF" value={<Code style={{ wordBreak: 'break-all' }}>{r.sha256}</Code>} />
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

const Row = ({ label, value }: { label: string; value: React.ReactNode }) => (
  <Table.Tr>
    <Table.Th w={220}>{label}</Table.Th>
    <Table.Td>{value}</Table.Td>
  </Table.Tr>
);
