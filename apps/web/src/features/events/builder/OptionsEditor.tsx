import { type FieldOptions, optionSourceKeys, optionSourceLists, optionSourceProblem } from '@bjp/domain';
import { ActionIcon, Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

type Props = { fieldLabel: string; options: FieldOptions; onChange: (options: FieldOptions) => void };

const OTHER = 'https';
const listChoices = [
  ...optionSourceLists.map((list) => ({ value: list.url, label: list.label })),
  { value: OTHER, label: 'Otra dirección https (sitio autorizado)' },
];

/**
 * Static key/value options, or a dynamic list read with GET: one of the system's lists, or an https
 * address of a site the administrator authorised (the server checks the host when the form is saved).
 */
export function OptionsEditor({ fieldLabel, options, onChange }: Props) {
  const set = (changes: Partial<FieldOptions>) => onChange({ ...options, ...changes });
  const listed = optionSourceLists.some((list) => list.url === options.url);
  const sourceError =
    options.source === 'dynamic' && options.url ? optionSourceProblem(fieldLabel, options) : null;
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
          <Select
            size="xs"
            label="Lista (se lee con GET)"
            placeholder="Elija una lista"
            data={listChoices}
            value={listed ? options.url : options.url ? OTHER : null}
            comboboxProps={{ keepMounted: false }}
            onChange={(v) =>
              v === OTHER || !v
                ? set({ url: 'https://', method: 'GET' })
                : set({ url: v, method: 'GET', ...optionSourceKeys })
            }
          />
          {!listed && options.url !== '' && (
            <TextInput
              size="xs"
              label="Dirección https"
              placeholder="https://…"
              value={options.url}
              onChange={(e) => set({ url: e.currentTarget.value, method: 'GET' })}
            />
          )}
          {sourceError && (
            <Text size="xs" c="red.9" role="alert">
              {sourceError}
            </Text>
          )}
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
