import type { FormConfig } from '@bjp/domain';
import { NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { LabelWidthInput } from './LabelWidthInput';

type Props = {
  description: string;
  config: FormConfig;
  onDescription: (description: string) => void;
  onConfig: (config: FormConfig) => void;
};

/** Form-level settings of part 1 §3: model name, ref name, buttons, gutter, label width. */
export function FormSettings({ description, config, onDescription, onConfig }: Props) {
  const set = (changes: Partial<FormConfig>) => onConfig({ ...config, ...changes });
  return (
    <Stack gap="xs">
      <Textarea
        size="xs"
        label="Descripción"
        autosize
        minRows={2}
        value={description}
        onChange={(e) => onDescription(e.currentTarget.value)}
      />
      <TextInput
        size="xs"
        label="Nombre del modelo"
        value={config.modelName}
        onChange={(e) => set({ modelName: e.currentTarget.value })}
      />
      <TextInput
        size="xs"
        label="Nombre de referencia"
        value={config.refName}
        onChange={(e) => set({ refName: e.currentTarget.value })}
      />
      <NumberInput
        size="xs"
        label="Espaciado (gutter)"
        min={0}
        max={60}
        allowDecimal={false}
        value={config.gutter}
        onChange={(v) => set({ gutter: typeof v === 'number' ? v : 15 })}
      />
      <LabelWidthInput
        label="Ancho de etiquetas"
        value={config.labelWidth}
        onChange={(labelWidth) => set({ labelWidth })}
      />
      <Switch
        label="Mostrar botones"
        description="'Crear' y 'Cancelar' en el código generado"
        checked={config.showButtons}
        onChange={(e) => set({ showButtons: e.currentTarget.checked })}
      />
    </Stack>
  );
}
