import type { FieldDefinition } from '@bjp/domain';
import { Stack } from '@mantine/core';
import { DynamicField } from './DynamicField';
import type { FieldLayout } from './FieldFrame';
import type { EnrollmentFormState } from './use-enrollment-form';

type Props = {
  fields: FieldDefinition[];
  form: EnrollmentFormState;
  layout: FieldLayout;
  gutter?: number;
  idPrefix?: string;
};

/** The dynamic section of an enrollment form, rendered from its saved definition. */
export function DynamicFields({ fields, form, layout, gutter = 15, idPrefix }: Props) {
  return (
    <Stack gap={gutter}>
      {fields.map((field) => (
        <DynamicField
          key={field.id}
          field={field}
          idPrefix={idPrefix}
          layout={layout}
          value={form.extra[field.name]}
          files={form.files[field.name]}
          error={form.errors[`extra.${field.name}`]}
          required={form.required(field)}
          onChange={(value) => form.setExtraValue(field, value)}
          onFiles={(files) => form.setFieldFiles(field, files)}
          onBlur={() => form.blurExtra(field)}
        />
      ))}
    </Stack>
  );
}
