import { boliviaDateTimeText, dayText, type ParticipantDetail, participantCancel } from '@bjp/domain';
import {
  Alert,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBan, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { downloadParticipantFile, useCancelParticipant, useParticipant } from './api';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

/** 'Anular inscripción': a required reason (5 to 500 characters), the button off while it runs. */
function CancelForm({ eventId, participant }: { eventId: number; participant: ParticipantDetail }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelParticipant(eventId);
  const submit = () => {
    const parsed = participantCancel.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Motivo no válido.');
      return;
    }
    setError(null);
    // The promise, not mutate's callbacks: the refreshed detail unmounts this form (the enrollment is
    // no longer active) and callbacks of an unmounted caller never run, so the notice was lost.
    cancel.mutateAsync({ id: participant.id, reason: parsed.data.reason }).then(
      () => notifySuccess('La inscripción fue anulada y su plaza quedó libre.', 'Inscripción anulada'),
      (e) => notifyError(errorMessage(e), 'No se pudo anular'),
    );
  };
  return (
    <Stack gap="xs">
      <Title order={5}>Anular inscripción</Title>
      <Text size="sm" c="dimmed">
        La plaza vuelve a quedar libre y la persona podrá inscribirse de nuevo. Queda registrado quién anuló y
        por qué.
      </Text>
      <Textarea
        label="Motivo"
        required
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        error={error}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          color="red"
          leftSection={<IconBan size={16} />}
          loading={cancel.isPending}
          disabled={cancel.isPending || reason.trim().length === 0}
          onClick={submit}
        >
          Anular inscripción
        </Button>
      </Group>
    </Stack>
  );
}

function Detail({ eventId, p }: { eventId: number; p: ParticipantDetail }) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (id: string, url: string, name: string) => {
    setDownloading(id);
    try {
      await downloadParticipantFile(url, name);
    } catch (error) {
      notifyError(errorMessage(error), 'No se pudo descargar');
    } finally {
      setDownloading(null);
    }
  };
  return (
    <Stack gap="md">
      <Group gap="xs">
        {p.status === 'active' ? (
          <Badge color="green" variant="light">
            Vigente
          </Badge>
        ) : (
          <Badge color="red" variant="light">
            Anulada
          </Badge>
        )}
        <Text size="sm" c="dimmed">
          Inscrito el {boliviaDateTimeText(p.enrolledAt)}
        </Text>
      </Group>
      {p.cancellation && (
        <Alert color="red" variant="light" title="Inscripción anulada">
          {boliviaDateTimeText(p.cancellation.at)}
          {p.cancellation.by ? ` por ${p.cancellation.by}` : ''}. Motivo: {p.cancellation.reason}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label="Apellido paterno" value={p.firstLastName} />
        <Field label="Apellido materno" value={p.secondLastName} />
        <Field label="Nombre(s)" value={p.name} />
        <Field label="Documento" value={p.document} />
        <Field label="Nacionalidad" value={p.nationality === 2 ? 'Extranjero' : 'Nacional'} />
        <Field label="Fecha de nacimiento" value={dayText(p.birthDate)} />
        <Field label="Teléfono" value={p.phone} />
        <Field label="Correo electrónico" value={p.email} />
        <Field label="Institución" value={p.institution} />
        <Field label="Cargo" value={p.position} />
        <Field label="Ocupación" value={p.job} />
        <Field label="Departamento" value={p.department} />
      </SimpleGrid>
      <Divider label="Respuestas del formulario" labelPosition="left" />
      {p.answers.length === 0 ? (
        <Text size="sm" c="dimmed">
          El formulario del evento no tiene campos adicionales.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {p.answers.map((a) => (
            <Field key={a.label} label={a.label} value={a.value} />
          ))}
        </SimpleGrid>
      )}
      <Divider label="Archivos adjuntos" labelPosition="left" />
      {p.attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin archivos.
        </Text>
      ) : (
        <Stack gap="xs">
          {p.attachments.map((f) => (
            <Group key={f.id} justify="space-between" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" truncate>
                  {f.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {f.label} · {Math.max(1, Math.round(f.sizeBytes / 1024))} KB
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                loading={downloading === f.id}
                onClick={() => download(f.id, f.url, f.name)}
              >
                Descargar
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {p.status === 'active' && (
        <>
          <Divider />
          <CancelForm key={p.id} eventId={eventId} participant={p} />
        </>
      )}
    </Stack>
  );
}

/** The detail of one enrollment: base data, the form's answers by label, files, cancellation. */
export function ParticipantDrawer({
  eventId,
  id,
  onClose,
}: {
  eventId: number;
  id: number | null;
  onClose: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const detail = useParticipant(eventId, id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'lg'}
      title={<Title order={4}>{detail.data?.fullName ?? 'Inscripción'}</Title>}
    >
      {detail.isPending && id !== null ? (
        <Loader size="sm" />
      ) : detail.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(detail.error)}
        </Alert>
      ) : detail.data ? (
        <Detail eventId={eventId} p={detail.data} />
      ) : null}
    </Drawer>
  );
}
