import { messages } from '@bjp/domain';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { LoginInput } from './api';
import { UserTypePicker } from './UserTypePicker';
import { userTypeOptions } from './user-types';

type Props = { submitting: boolean; onSubmit: (values: LoginInput) => void };
type Field = keyof LoginInput;
type Errors = Partial<Record<Field, string>>;

const required = (value: string) => (value.trim() ? undefined : messages.required);

/**
 * Three required fields, checked when one is left and on submit. Plain state instead of
 * @mantine/form keeps that library (~5 KB gzip) out of the login page's JavaScript (issue 14).
 */
export function LoginForm({ submitting, onSubmit }: Props) {
  const [values, setValues] = useState<LoginInput>({ username: '', password: '', type: '2' });
  const [errors, setErrors] = useState<Errors>({});

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // An error clears as soon as the field is corrected, as with @mantine/form.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: required(value) }));
  };
  const check = (field: Field) => setErrors((e) => ({ ...e, [field]: required(values[field]) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      username: required(values.username),
      password: required(values.password),
      type: required(values.type),
    };
    setErrors(found);
    if (!found.username && !found.password && !found.type) onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Usuario"
          autoComplete="username"
          withAsterisk
          autoFocus
          value={values.username}
          onChange={(e) => set('username', e.currentTarget.value)}
          onBlur={() => check('username')}
          error={errors.username}
        />
        <PasswordInput
          label="Contraseña"
          autoComplete="current-password"
          withAsterisk
          value={values.password}
          onChange={(e) => set('password', e.currentTarget.value)}
          onBlur={() => check('password')}
          error={errors.password}
        />
        {/* The option list is mounted only while open, so the label names one element (the button). */}
        <UserTypePicker
          label="Tipo"
          data={userTypeOptions}
          withAsterisk
          value={values.type}
          onChange={(value) => set('type', value)}
          error={errors.type}
        />
        <Button type="submit" fullWidth mt="sm" loading={submitting}>
          Ingresar
        </Button>
      </Stack>
    </form>
  );
}
