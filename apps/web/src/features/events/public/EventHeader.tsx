import { formatDate, type PublicEvent } from '@bjp/domain';
import { Anchor, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconFileTypePdf, IconMapPin } from '@tabler/icons-react';

/** Banner, title and the event's facts above the public form. */
export function EventHeader({ event }: { event: PublicEvent }) {
  return (
    <Stack gap="xs">
      {event.files.banner && (
        <Image src={event.files.banner} alt={`Banner de ${event.title}`} radius="md" mah={260} fit="cover" />
      )}
      <Title order={2}>{event.title}</Title>
      <Text>{event.description}</Text>
      <Group gap="lg" c="dimmed">
        <Group gap={4}>
          <IconCalendar size={16} />
          <Text size="sm">
            {formatDate(event.startsOn)} al {formatDate(event.endsOn)} ({event.duration}{' '}
            {event.duration === 1 ? 'día' : 'días'})
          </Text>
        </Group>
        <Group gap={4}>
          <IconMapPin size={16} />
          <Text size="sm">{event.placeName}</Text>
        </Group>
        {event.files.regulation && (
          <Anchor href={event.files.regulation} target="_blank" size="sm">
            <Group gap={4}>
              <IconFileTypePdf size={16} /> Reglamento
            </Group>
          </Anchor>
        )}
        {event.files.poster && (
          <Anchor href={event.files.poster} target="_blank" size="sm">
            Afiche
          </Anchor>
        )}
      </Group>
      {event.detail && (
        <Text size="sm" c="dimmed">
          {event.detail}
        </Text>
      )}
    </Stack>
  );
}
