import { NumberInput } from '@mantine/core';

/** A label's width in pixels (0 to 600, whole), for the form and for one field; emptied, it is 100. */
export function LabelWidthInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (width: number) => void;
}) {
  return (
    <NumberInput
      size="xs"
      label={label}
      min={0}
      max={600}
      allowDecimal={false}
      value={value}
      onChange={(v) => onChange(typeof v === 'number' ? v : 100)}
    />
  );
}
