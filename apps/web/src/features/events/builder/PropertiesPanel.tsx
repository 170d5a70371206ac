import { type FieldDefinition, fieldKindLabels } from '@bjp/domain';
import { Alert, Badge, Button, Divider, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { KindProperties } from './KindProperties';
import { LabelWidthInput } from './LabelWidthInput';
import { RulesEditor } from './RulesEditor';

type Props = {
  field: FieldDefinition | null;
  problem?: string;
  onChange: (field: FieldDefinition) => void;
  onRemove: (id: string) => void;
};

const withPlaceholder = new Set(['input', 'number', 'select', 'time']);

/** 'Propiedades': every property of the selected field (part 1 §3) and the 'Validacion' section. */
export function PropertiesPanel({ field, problem, onChange, onRemove }: Props) {
  if (!field) {
    return (
      <Text size="sm" c="dimmed">
        Seleccione un campo del formulario para ver sus propiedades.
      </Text>
    );
  }
  const patch = (changes: Partial<FieldDefinition>) => onChange({ ...field, ...changes } as FieldDefinition);
  return (
    <Stack gap="xs" data-testid="properties-panel">
      <Group justify="space-between">
        <Badge variant="light">{fieldKindLabels[field.kind]}</Badge>
        <Text size="xs" c="dimmed">
          {field.id}
        </Text>
      </Group>
      {problem && (
        <Alert color="red" variant="light" p="xs">
          {problem}
        </Alert>
      )}
      <TextInput
        size="xs"
        label="Nombre del campo"
        value={field.name}
        onChange={(e) => patch({ name: e.currentTarget.value })}
      />
      <TextInput
        size="xs"
        label="Etiqueta"
        value={field.label}
        onChange={(e) => patch({ label: e.currentTarget.value })}
      />
      <Group grow gap="xs" align="flex-end">
        <Switch
          size="xs"
          label="Mostrar etiqueta"
          checked={field.showLabel}
          onChange={(e) => patch({ showLabel: e.currentTarget.checked })}
        />
        <LabelWidthInput
          label="Ancho de etiqueta"
          value={field.labelWidth}
          onChange={(labelWidth) => patch({ labelWidth })}
        />
      </Group>
      {withPlaceholder.has(field.kind) && (
        <TextInput
          size="xs"
          label="Texto de ayuda"
          value={field.placeholder}
          onChange={(e) => patch({ placeholder: e.currentTarget.value })}
        />
      )}
      <KindProperties field={field} onChange={onChange} />
      <Divider label="Validación" labelPosition="left" mt="xs" />
      <Switch
        label="Obligatorio"
        checked={field.required}
        onChange={(e) => patch({ required: e.currentTarget.checked })}
      />
      <RulesEditor fieldLabel={field.label} rules={field.rules} onChange={(rules) => patch({ rules })} />
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={14} />}
        onClick={() => onRemove(field.id)}
        mt="xs"
      >
        Eliminar
      </Button>
    </Stack>
  );
}
