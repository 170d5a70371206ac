import type { FormDefinition } from '@bjp/domain';
import {
  Box,
  Button,
  Center,
  Divider,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import { SpanishDates } from '../../../ui/SpanishDates';
import { BaseParticipantFields } from '../renderer/BaseParticipantFields';
import { DynamicFields } from '../renderer/DynamicFields';
import { useEnrollmentForm } from '../renderer/use-enrollment-form';

type Device = 'pc' | 'mobile';

export function PreviewForm({
  name,
  definition,
  device,
}: {
  name: string;
  definition: FormDefinition;
  device: Device;
}) {
  const form = useEnrollmentForm(definition.fields);
  const layout = device === 'pc' ? 'horizontal' : 'vertical';
  return (
    <Stack gap="md">
      <Title order={4}>{name || 'Formulario de inscripción'}</Title>
      <BaseParticipantFields form={form} columns={device === 'pc' ? 2 : 1} />
      <Divider label="Datos adicionales" labelPosition="left" />
      <DynamicFields
        fields={definition.fields}
        form={form}
        layout={layout}
        gutter={definition.config.gutter}
        idPrefix="preview"
      />
      {definition.config.showButtons && (
        <Group justify="flex-end">
          <Button variant="default" onClick={form.reset}>
            Cancelar
          </Button>
          <Button onClick={form.validateAll}>Crear</Button>
        </Group>
      )}
    </Stack>
  );
}

/** The form as a participant will see it, on a wide screen or a phone; the same renderer as the public page. */
export function PreviewModal({
  opened,
  onClose,
  name,
  definition,
}: {
  opened: boolean;
  onClose: () => void;
  name: string;
  definition: FormDefinition;
}) {
  const [device, setDevice] = useState<Device>('pc');
  return (
    <Modal opened={opened} onClose={onClose} title="Vista previa" size="xl">
      <SpanishDates>
        <Stack>
          <Center>
            <SegmentedControl
              value={device}
              onChange={(v) => setDevice(v === 'mobile' ? 'mobile' : 'pc')}
              data={[
                {
                  value: 'pc',
                  label: (
                    <Group gap={4} wrap="nowrap">
                      <IconDeviceDesktop size={16} /> pc
                    </Group>
                  ),
                },
                {
                  value: 'mobile',
                  label: (
                    <Group gap={4} wrap="nowrap">
                      <IconDeviceMobile size={16} /> móvil
                    </Group>
                  ),
                },
              ]}
            />
          </Center>
          <Center>
            <Paper
              withBorder
              shadow="xs"
              p="md"
              w={device === 'pc' ? '100%' : 375}
              data-testid={`preview-${device}`}
            >
              <Box>
                {opened && <PreviewForm key={device} name={name} definition={definition} device={device} />}
              </Box>
            </Paper>
          </Center>
          <Text size="xs" c="dimmed" ta="center">
            Los campos marcados con * son obligatorios, aquí y en la página pública.
          </Text>
        </Stack>
      </SpanishDates>
    </Modal>
  );
}
