import { type GuardianStudent, siblingMessages } from '@bjp/domain';
import { Checkbox, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/**
 * The siblings offer inside 'Registrar''s '¿Está Seguro?' (issue 37 §1): the chosen guardian is also
 * the guardian of these students of the school, each shown with the titular they have now; once
 * ticked, they get the same titular in the same confirmation. `choice.also` is read when the
 * dialog closes: the confirmation's content lives outside React's state of the modal.
 */
export function SiblingOffer({
  confirm,
  name,
  students,
  choice,
}: {
  confirm: string;
  name: string;
  students: GuardianStudent[];
  choice: { also: boolean };
}) {
  const [also, setAlso] = useState(choice.also);
  return (
    <Stack gap="xs">
      <Text size="sm">{confirm}</Text>
      <Checkbox
        checked={also}
        onChange={(event) => {
          choice.also = event.currentTarget.checked;
          setAlso(choice.also);
        }}
        label={siblingMessages.offer(name, students.length)}
      />
      <List size="sm" spacing={2} data-testid="sibling-offer">
        {students.map((s) => (
          <List.Item key={s.inscriptionId}>
            {s.fullName} — {s.course}
            {s.currentTitular ? ` (${siblingMessages.current(s.currentTitular)})` : ''}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The students a sibling offer lists: not this one, not already this titular's, and allowed. */
export const offeredSiblings = (students: GuardianStudent[], inscriptionId: number) =>
  students.filter((s) => s.inscriptionId !== inscriptionId && !s.isTitular && s.reason === null);
