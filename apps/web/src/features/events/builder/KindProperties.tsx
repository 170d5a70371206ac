import type { FieldDefinition } from '@bjp/domain';
import { MultiSelect, NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { OptionsEditor } from './OptionsEditor';

type Props = { field: FieldDefinition; onChange: (field: FieldDefinition) => void };

const num = (v: number | string, fallback: number) => (typeof v === 'number' ? v : fallback);

/** The properties that depend on the field's kind, including its default value. */
export function KindProperties({ field, onChange }: Props) {
  switch (field.kind) {
    case 'input':
      return (
        <>
          <Select
            size="xs"
            label="Tipo de entrada"
            comboboxProps={{ keepMounted: false }}
            data={[
              { value: 'text', label: 'Texto' },
              { value: 'textarea', label: 'Área de texto' },
              { value: 'password', label: 'Contraseña' },
              { value: 'number', label: 'Número' },
            ]}
            value={field.inputType}
            onChange={(v) => onChange({ ...field, inputType: (v ?? 'text') as typeof field.inputType })}
          />
          <TextInput
            size="xs"
            label="Valor por defecto"
            value={field.defaultValue}
            onChange={(e) => onChange({ ...field, defaultValue: e.currentTarget.value })}
          />
        </>
      );
    case 'number':
    case 'slider':
      return (
        <>
          <SimpleGrid cols={3} spacing={4}>
            <NumberInput
              size="xs"
              label="Mínimo"
              value={field.min}
              onChange={(v) => onChange({ ...field, min: num(v, 0) })}
            />
            <NumberInput
              size="xs"
              label="Máximo"
              value={field.max}
              onChange={(v) => onChange({ ...field, max: num(v, 100) })}
            />
            <NumberInput
              size="xs"
              label="Paso"
              min={0.001}
              value={field.step}
              onChange={(v) => onChange({ ...field, step: num(v, 1) || 1 })}
            />
          </SimpleGrid>
          <NumberInput
            size="xs"
            label="Valor por defecto"
            value={field.defaultValue ?? ''}
            onChange={(v) =>
              field.kind === 'number'
                ? onChange({ ...field, defaultValue: typeof v === 'number' ? v : null })
                : onChange({ ...field, defaultValue: num(v, field.min) })
            }
          />
        </>
      );
    case 'switch':
      return (
        <Switch
          size="xs"
          label="Valor por defecto"
          checked={field.defaultValue}
          onChange={(e) => onChange({ ...field, defaultValue: e.currentTarget.checked })}
        />
      );
    case 'time':
      return (
        <TextInput
          size="xs"
          label="Valor por defecto"
          placeholder="HH:mm"
          value={field.defaultValue}
          onChange={(e) => onChange({ ...field, defaultValue: e.currentTarget.value })}
        />
      );
    case 'checkbox':
      return (
        <>
          <OptionsEditor
            fieldLabel={field.label}
            options={field.options}
            onChange={(options) => onChange({ ...field, options })}
          />
          <MultiSelect
            size="xs"
            label="Valor por defecto"
            data={field.options.items}
            value={field.defaultValue}
            comboboxProps={{ keepMounted: false }}
            onChange={(v) => onChange({ ...field, defaultValue: v })}
          />
        </>
      );
    case 'radio':
    case 'select':
      return (
        <>
          <OptionsEditor
            fieldLabel={field.label}
            options={field.options}
            onChange={(options) => onChange({ ...field, options })}
          />
          <Select
            size="xs"
            label="Valor por defecto"
            data={field.options.items}
            value={field.defaultValue || null}
            clearable
            comboboxProps={{ keepMounted: false }}
            onChange={(v) => onChange({ ...field, defaultValue: v ?? '' })}
          />
        </>
      );
    case 'upload':
      return (
        <SimpleGrid cols={2} spacing={4}>
          <Select
            size="xs"
            label="Tipo de archivo"
            comboboxProps={{ keepMounted: false }}
            data={[
              { value: 'file', label: 'Archivo' },
              { value: 'image', label: 'Imagen' },
            ]}
            value={field.upload.accept}
            onChange={(v) =>
              onChange({ ...field, upload: { ...field.upload, accept: v === 'image' ? 'image' : 'file' } })
            }
          />
          <NumberInput
            size="xs"
            label="Límite"
            min={1}
            max={5}
            allowDecimal={false}
            value={field.upload.limit}
            onChange={(v) => onChange({ ...field, upload: { ...field.upload, limit: num(v, 1) } })}
          />
        </SimpleGrid>
      );
  }
}
