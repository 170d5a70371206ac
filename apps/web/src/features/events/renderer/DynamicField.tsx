import type { FieldDefinition, FieldValue } from '@bjp/domain';
import {
  Checkbox,
  FileInput,
  Group,
  NumberInput,
  PasswordInput,
  Radio,
  Select,
  Slider,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { warningTextColor } from '../../../app/theme';
import { FieldFrame, type FieldLayout } from './FieldFrame';
import { useFieldOptions } from './use-field-options';

export type DynamicFieldProps = {
  field: FieldDefinition;
  value: FieldValue | undefined;
  files?: File[];
  error?: string | null;
  required: boolean;
  layout: FieldLayout;
  disabled?: boolean;
  /** Prefix of the element ids, so a preview and the board can show the same field at once. */
  idPrefix?: string;
  onChange: (value: FieldValue) => void;
  onFiles?: (files: File[]) => void;
  onBlur?: () => void;
};

const accepts = {
  image: 'image/png,image/jpeg,image/gif,image/webp',
  file: 'image/png,image/jpeg,image/gif,image/webp,application/pdf',
};

/** One dynamic field of an enrollment form, the same in the builder's preview and on the public page. */
export function DynamicField(props: DynamicFieldProps) {
  const { field, value, error, required, layout, disabled = false, onChange, onBlur } = props;
  const id = `${props.idPrefix ?? 'df'}-${field.id}`;
  const options = useFieldOptions(field);
  const common = {
    id,
    disabled,
    error: Boolean(error),
    onBlur,
    'aria-label': field.label,
    'aria-required': required,
  };
  const text = typeof value === 'string' ? value : '';
  const placeholder = field.placeholder || undefined;

  let control: React.ReactNode;
  switch (field.kind) {
    case 'input':
      if (field.inputType === 'textarea') {
        control = (
          <Textarea
            {...common}
            autosize
            minRows={2}
            value={text}
            placeholder={placeholder}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        );
      } else if (field.inputType === 'password') {
        control = (
          <PasswordInput
            {...common}
            value={text}
            placeholder={placeholder}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        );
      } else {
        control = (
          <TextInput
            {...common}
            value={text}
            inputMode={field.inputType === 'number' ? 'decimal' : undefined}
            placeholder={placeholder}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        );
      }
      break;
    case 'number':
      control = (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          min={field.min}
          max={field.max}
          step={field.step}
          placeholder={placeholder}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        />
      );
      break;
    case 'slider':
      control = (
        <Slider
          id={id}
          disabled={disabled}
          aria-label={field.label}
          min={field.min}
          max={field.max}
          step={field.step}
          value={typeof value === 'number' ? value : field.min}
          onChange={(v) => onChange(v)}
          onBlur={onBlur}
          mt="xs"
          mb="md"
        />
      );
      break;
    case 'switch':
      control = (
        <Switch
          {...common}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          mt={6}
        />
      );
      break;
    case 'time':
      control = <TimeInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
      break;
    case 'checkbox':
      control = (
        <Checkbox.Group
          value={Array.isArray(value) ? value : []}
          onChange={(v) => onChange(v)}
          aria-label={field.label}
          id={id}
        >
          <Group mt={6} gap="md">
            {options.items.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} disabled={disabled} onBlur={onBlur} />
            ))}
          </Group>
        </Checkbox.Group>
      );
      break;
    case 'radio':
      control = (
        <Radio.Group value={text} onChange={(v) => onChange(v)} aria-label={field.label} id={id}>
          <Group mt={6} gap="md">
            {options.items.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} disabled={disabled} onBlur={onBlur} />
            ))}
          </Group>
        </Radio.Group>
      );
      break;
    case 'select':
      control = (
        <Select
          {...common}
          data={options.items}
          value={text || null}
          placeholder={placeholder ?? 'Seleccione'}
          comboboxProps={{ keepMounted: false }}
          onChange={(v) => onChange(v ?? '')}
        />
      );
      break;
    case 'upload': {
      const files = props.files ?? [];
      const hint = `${field.upload.accept === 'image' ? 'Imagen' : 'Archivo'} (máx. ${field.upload.limit}, 1024 KB)`;
      // FileInput is a button: ARIA allows no aria-required on it (the label's '*' says it), and its
      // name must contain the text it shows — the hint, or the chosen files' names.
      const shown = files.length > 0 ? files.map((f) => f.name).join(', ') : hint;
      const { 'aria-required': _required, ...buttonProps } = common;
      control = (
        <FileInput
          {...buttonProps}
          aria-label={`${field.label}: ${shown}`}
          multiple
          clearable
          accept={accepts[field.upload.accept]}
          value={files}
          placeholder={hint}
          onChange={(next) => props.onFiles?.(next)}
        />
      );
      break;
    }
  }

  return (
    <FieldFrame
      id={id}
      label={field.label}
      showLabel={field.showLabel}
      labelWidth={field.labelWidth}
      required={required}
      error={error}
      layout={layout}
    >
      {options.failed ? (
        <Stack gap={2}>
          {control}
          <Text size="xs" c={warningTextColor}>
            No se pudieron cargar las opciones.
          </Text>
        </Stack>
      ) : (
        control
      )}
    </FieldFrame>
  );
}
