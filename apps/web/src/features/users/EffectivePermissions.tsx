import type { Permission } from '@bjp/domain';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { permissionChanges } from './role-texts';

type Props = { now: Permission[]; after: Permission[]; isDirector: boolean };

const look = {
  kept: { color: 'gray', prefix: '', td: undefined },
  added: { color: 'teal', prefix: '+ ', td: undefined },
  removed: { color: 'red', prefix: '− ', td: 'line-through' },
} as const;

/** The user's permissions with the roles as switched now: what saving adds in green, what it removes struck out. */
export function EffectivePermissions({ now, after, isDirector }: Props) {
  const changes = permissionChanges(now, after);
  const changed = changes.some((c) => c.state !== 'kept');
  return (
    <Stack gap={6} data-testid="effective-permissions">
      <Text size="sm" fw={600}>
        Permisos del usuario{changed ? ' al guardar' : ''}
      </Text>
      {changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          Ninguno: este usuario no ve opciones en la consola.
        </Text>
      ) : (
        <Group gap={6}>
          {changes.map(({ permission, label, state }) => (
            <Badge
              key={permission}
              variant="light"
              color={look[state].color}
              tt="none"
              fw={500}
              td={look[state].td}
              aria-label={
                state === 'kept' ? label : `${label} (${state === 'added' ? 'se suma' : 'se quita'})`
              }
            >
              {look[state].prefix}
              {label}
            </Badge>
          ))}
        </Group>
      )}
      {changed && (
        <Text size="xs" c="dimmed">
          En verde, lo que se suma al guardar; tachado, lo que se quita.
        </Text>
      )}
      {isDirector && (
        <Text size="xs" c="dimmed">
          Pasada la fecha límite para directores, estos permisos se suspenden.
        </Text>
      )}
    </Stack>
  );
}
