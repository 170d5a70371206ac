import { eventMessages } from '@bjp/domain';
import { Alert, Button, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../../app/api';
import { SpanishDates } from '../../../ui/SpanishDates';
import { usePublicEvent } from '../public-api';
import { EnrollmentForm } from './EnrollmentForm';
import { EventHeader } from './EventHeader';

/** /public/enrollment/:id 'Formulario de Inscripción': no login needed. */
export function PublicEnrollmentPage() {
  const id = Number(useParams().id);
  const event = usePublicEvent(id);
  const [done, setDone] = useState(false);
  // The confirmation is the page's message (no toast over a phone's form, decision 056): brought
  // into view, as the form above it may have been scrolled far down.
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) confirmation.current?.scrollIntoView({ block: 'center' });
  }, [done]);

  if (event.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Cargando evento" />
      </Center>
    );
  }
  if (!event.data) {
    return (
      <Alert color="red" title="Formulario de Inscripción">
        {event.isError ? errorMessage(event.error) : eventMessages.eventNotFound}
      </Alert>
    );
  }
  const data = event.data;
  return (
    <SpanishDates>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        <Stack gap="lg">
          <EventHeader event={data} />
          <Title order={3}>Formulario de Inscripción</Title>
          {done ? (
            <Alert
              ref={confirmation}
              color="green"
              icon={<IconCircleCheck />}
              title={eventMessages.enrollmentSuccess}
              role="status"
            >
              <Stack gap="xs" align="flex-start">
                Su inscripción al evento fue registrada.
                <Button size="xs" variant="light" onClick={() => setDone(false)}>
                  Inscribir a otra persona
                </Button>
              </Stack>
            </Alert>
          ) : data.open ? (
            <EnrollmentForm event={data} onEnrolled={() => setDone(true)} />
          ) : (
            <Alert color="yellow" title="Inscripciones cerradas">
              {data.full ? eventMessages.enrollmentFull : eventMessages.enrollmentNotOpen}
            </Alert>
          )}
        </Stack>
      </Paper>
    </SpanishDates>
  );
}
