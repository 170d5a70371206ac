import {
  CI_DIGITS,
  departments,
  FOREIGN_DOCUMENT_LENGTH,
  nationalities,
  occupations,
  participantInstitutions,
} from '@bjp/domain';
import { Group, Radio, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DayInput } from '../../../ui/DayInput';
import type { BaseKey, EnrollmentFormState } from './use-enrollment-form';

type Props = { form: EnrollmentFormState; disabled?: boolean; columns?: number };

/**
 * 'Formulario Base de inscripción': the minimum data every enrollment asks for (part 1 §2, §3), with
 * the rules of §5 applied on change and on blur.
 */
export function BaseParticipantFields({ form, disabled = false, columns = 2 }: Props) {
  const foreign = form.base.nationality === '2';
  const text = (key: BaseKey, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      withAsterisk={key !== 'complement'}
      disabled={disabled}
      value={form.base[key]}
      error={form.errors[key]}
      onChange={(e) => form.setBaseValue(key, e.currentTarget.value)}
      onBlur={() => form.blurBase(key)}
      {...extra}
    />
  );
  const select = (key: BaseKey, label: string, data: readonly string[]) => (
    <Select
      label={label}
      withAsterisk
      disabled={disabled}
      data={[...data]}
      value={form.base[key] || null}
      error={form.errors[key]}
      comboboxProps={{ keepMounted: false }}
      onChange={(v) => form.setBaseValue(key, v ?? '')}
      onBlur={() => form.blurBase(key)}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm" verticalSpacing="xs">
      {text(
        'document',
        'CI',
        foreign
          ? {
              // A passport or foreign document: letters, digits and dashes, upper-cased as typed.
              maxLength: FOREIGN_DOCUMENT_LENGTH.max,
              placeholder: 'Pasaporte o documento (A123456)',
              onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
                form.setBaseValue('document', e.currentTarget.value.toUpperCase()),
            }
          : {
              // A CI of 5 to 10 digits; letters are not stripped, so the message can say why.
              inputMode: 'numeric',
              maxLength: CI_DIGITS.max,
              placeholder: 'CI (5 a 10 dígitos)',
            },
      )}
      {text('complement', 'Complemento', {
        maxLength: 2,
        placeholder: '1A',
        onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
          form.setBaseValue('complement', e.currentTarget.value.toUpperCase()),
      })}
      <Radio.Group
        label="Nacionalidad"
        withAsterisk
        value={form.base.nationality}
        error={form.errors.nationality}
        onChange={(v) => form.setBaseValue('nationality', v)}
      >
        <Group mt={6}>
          {nationalities.map((n) => (
            <Radio key={n.id} value={String(n.id)} label={n.label} disabled={disabled} />
          ))}
        </Group>
      </Radio.Group>
      {text('firstLastName', 'Apellido Paterno')}
      {text('secondLastName', 'Apellido Materno')}
      {text('name', 'Nombre(s)')}
      {text('phone', 'Celular/Teléfono', { inputMode: 'tel' })}
      {text('email', 'Correo Electrónico', { type: 'email' })}
      {select('job', 'Ocupación', occupations)}
      {select('institution', 'Institución', participantInstitutions)}
      {text('position', 'Cargo')}
      <DayInput
        label="Fecha de Nacimiento"
        withAsterisk
        disabled={disabled}
        value={form.base.birthDate || null}
        error={form.errors.birthDate}
        defaultLevel="decade"
        onChange={(v) => form.setBaseValue('birthDate', v ?? '')}
        onBlur={() => form.blurBase('birthDate')}
      />
      {select(
        'department',
        'Departamento',
        departments.map((d) => d.name),
      )}
    </SimpleGrid>
  );
}
