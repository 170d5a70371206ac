import { messages } from '@bjp/domain';
import { Alert, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../app/api';
import { PublicLayout } from '../../app/layout/PublicLayout';
import { usePublicConfig } from '../../app/public-config';
import { type LoginInput, useLogin } from './api';
import { LoginForm } from './LoginForm';

/** 401 → 'Credenciales no válidas!'; 429 and others carry the server's own Spanish message. */
function failureMessage(error: unknown): string {
  if (isApiError(error) && error.status === 401) return messages.invalidCredentials;
  return errorMessage(error, messages.serverFailure);
}

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const { year } = usePublicConfig();
  const failure = login.error ? failureMessage(login.error) : null;

  const submit = (values: LoginInput) =>
    login.mutate(values, {
      onSuccess: ({ user }) => navigate(user.homePath || '/', { replace: true }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Error', message: failureMessage(error) }),
    });

  return (
    <PublicLayout>
      <Center mih="70dvh">
        <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
          <Stack gap="lg">
            <Stack gap={4} ta="center">
              <Title order={1} fz="h2">
                Bono Juancito Pinto {year}
              </Title>
              <Text c="dimmed" size="sm">
                Ministerio de Educación — Consola de administración
              </Text>
            </Stack>
            {/* The toast closes after 2 s; the reason stays here until the next attempt. */}
            {failure && !login.isPending && (
              <Alert color="red" variant="light" role="alert" data-testid="login-error">
                {failure}
              </Alert>
            )}
            <LoginForm submitting={login.isPending} onSubmit={submit} />
          </Stack>
        </Paper>
      </Center>
    </PublicLayout>
  );
}
