import { messages } from '@bjp/domain';
import { Button, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LoginInput } from './api';
import { userTypeOptions } from './user-types';

type Props = { submitting: boolean; onSubmit: (values: LoginInput) => void };

const required = (value: string) => (value.trim() ? null : messages.required);

export function LoginForm({ submitting, onSubmit }: Props) {
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '', type: '2' },
    validate: { username: required, password: required, type: required },
    validateInputOnBlur: true,
  });

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Usuario"
          autoComplete="username"
          withAsterisk
          autoFocus
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Contraseña"
          autoComplete="current-password"
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Select
          label="Tipo"
          data={userTypeOptions}
          allowDeselect={false}
          // Mount the option list only while open, so the label names one element (the input).
          comboboxProps={{ keepMounted: false }}
          withAsterisk
          key={form.key('type')}
          {...form.getInputProps('type')}
        />
        <Button type="submit" fullWidth mt="sm" loading={submitting}>
          Ingresar
        </Button>
      </Stack>
    </form>
  );
}
