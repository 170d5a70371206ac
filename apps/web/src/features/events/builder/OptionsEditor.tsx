import type { FieldOptions } from '@bjp/domain';
import { ActionIcon, Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

type Props = { options: FieldOptions; onChange: (options: FieldOptions) => void };

/** Static key/value options, or a dynamic list read from a url with a method, a label key and a value key. */
export function OptionsEditor({ options, onChange }: Props) {
  const set = (changes: Partial<FieldOptions>) => onChange({ ...options, ...changes });
  const setItem = (index: number, changes: Partial<FieldOptions['items'][number]>) =>
    set({ items: options.items.map((item, i) => (i === index ? { ...item, ...changes } : item)) });
  const next = options.items.length + 1;

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Opciones
      </Text>
      <SegmentedControl
        size="xs"
        value={options.source}
        onChange={(value) => set({ source: value === 'dynamic' ? 'dynamic' : 'static' })}
        data={[
          { value: 'static', label: 'Estáticas' },
          { value: 'dynamic', label: 'Dinámicas' },
        ]}
      />
      {options.source === 'static' ? (
        <>
          {options.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; the index is their identity here
            <Group key={index} gap={4} wrap="nowrap">
              <TextInput
                size="xs"
                aria-label={`Etiqueta opción ${index + 1}`}
                value={item.label}
                onChange={(e) => setItem(index, { label: e.currentTarget.value })}
              />
              <TextInput
                size="xs"
                w={70}
                aria-label={`Valor opción ${index + 1}`}
                value={item.value}
                onChange={(e) => setItem(index, { value: e.currentTarget.value })}
              />
              <ActionIcon
                size="sm"
                color="red"
                variant="subtle"
                aria-label={`Quitar opción ${index + 1}`}
                onClick={() => set({ items: options.items.filter((_, i) => i !== index) })}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={12} />}
            onClick={() =>
              set({ items: [...options.items, { label: `Opción ${next}`, value: String(next) }] })
            }
          >
            Agregar opción
          </Button>
        </>
      ) : (
        <>
          <TextInput
            size="xs"
            label="URL"
            placeholder="/api/v1/..."
            value={options.url}
            onChange={(e) => set({ url: e.currentTarget.value })}
          />
          <Select
            size="xs"
            label="Método"
            data={['GET', 'POST']}
            value={options.method}
            allowDeselect={false}
            comboboxProps={{ keepMounted: false }}
            onChange={(v) => set({ method: v === 'POST' ? 'POST' : 'GET' })}
          />
          <Group grow gap={4}>
            <TextInput
              size="xs"
              label="Clave de etiqueta"
              value={options.labelKey}
              onChange={(e) => set({ labelKey: e.currentTarget.value })}
            />
            <TextInput
              size="xs"
              label="Clave de valor"
              value={options.valueKey}
              onChange={(e) => set({ valueKey: e.currentTarget.value })}
            />
          </Group>
        </>
      )}
    </Stack>
  );
}
