import {
  previousTitularsMessages as m,
  type PreviousTitularsResult,
  type PreviousTitularsRow,
  type PreviousTitularsReview as Review,
} from '@bjp/domain';
import { Alert, Button, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { SubmitError } from '../../ui/SubmitError';

type Props = {
  review: Review;
  /** The answer of the confirmation, once sent: shown in place of the list. */
  result: PreviousTitularsResult | null;
  pending: boolean;
  error: unknown;
  onDesignate: (inscriptionIds: number[]) => void;
  onClose: () => void;
};

/** Two columns that fit a phone: the student over their course, the titular over the relationship. */
function Rows({ rows, testId }: { rows: PreviousTitularsRow[]; testId: string }) {
  return (
    <ScrollArea.Autosize mah={280} type="auto">
      <Table striped withTableBorder data-testid={testId} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Estudiante</Table.Th>
            <Table.Th>{rows.some((r) => r.reason) ? 'Motivo' : 'Titular'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.inscriptionId}>
              <Table.Td>
                <Text size="sm">{r.fullName}</Text>
                <Text size="xs" c="dimmed">
                  {r.course} · RUDE {r.rude}
                </Text>
              </Table.Td>
              <Table.Td>
                {r.reason ? (
                  <>
                    <Text size="sm">{r.reason}</Text>
                    <Text size="xs" c="dimmed">
                      {r.titular.fullName} ({r.titular.relationshipName})
                    </Text>
                  </>
                ) : (
                  <>
                    <Text size="sm">{r.titular.fullName}</Text>
                    <Text size="xs" c="dimmed">
                      {r.titular.relationshipName} · CI {r.titular.carnet}
                      {r.titular.complemento ? `-${r.titular.complemento}` : ''}
                    </Text>
                  </>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/**
 * The review of 'Titulares de la gestión anterior' (decision 062): how many one confirmation
 * designates, the exceptions with their reason (left out), and the one button; after it, what was
 * designated and exactly who was not and why, inside the dialog.
 */
export function PreviousTitularsReview({ review, result, pending, error, onDesignate, onClose }: Props) {
  if (result) {
    return (
      <Stack gap="sm" data-testid="previous-titulars-result">
        <Alert color={result.designated > 0 ? 'green' : 'yellow'} role="status">
          {m.designated(result.designated)}
        </Alert>
        {result.notDesignated.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              {m.notDesignatedTitle(result.notDesignated.length)}
            </Text>
            <ScrollArea.Autosize mah={240} type="auto">
              <Stack gap={4}>
                {result.notDesignated.map((n) => (
                  <Text size="sm" key={n.inscriptionId}>
                    {n.fullName} ({n.course}): {n.reason}
                  </Text>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>Cerrar</Button>
        </Group>
      </Stack>
    );
  }
  const count = review.eligible.length;
  return (
    <Stack gap="sm">
      {count === 0 ? (
        <Alert color="gray">{m.none}</Alert>
      ) : (
        <Text size="sm">{m.intro(count, review.year)}</Text>
      )}
      {review.alreadyDesignated > 0 && (
        <Text size="xs" c="dimmed">
          {m.alreadyDone(review.alreadyDesignated)}
        </Text>
      )}
      {review.truncated && <Alert color="yellow">{m.truncated(count + review.excluded.length)}</Alert>}
      {count > 0 && <Rows rows={review.eligible} testId="previous-titulars-eligible" />}
      {review.excluded.length > 0 && (
        <>
          <Title order={5}>{m.excludedTitle(review.excluded.length)}</Title>
          <Rows rows={review.excluded} testId="previous-titulars-excluded" />
        </>
      )}
      <SubmitError error={error} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancelar
        </Button>
        {count > 0 && (
          <Button loading={pending} onClick={() => onDesignate(review.eligible.map((r) => r.inscriptionId))}>
            {m.designate(count)}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
