import { type GuardianStudent, previousTitularsMessages, siblingMessages } from '@bjp/domain';
import { Checkbox, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../ui/notify';
import type { TitularModalPolicy } from './policy';

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

/**
 * The chosen guardian's other students of the school that 'Registrar' may offer; none when the area
 * has no sibling designation (adjustments) or the read fails ('Registrar' does not depend on it).
 */
export async function siblingsToOffer(
  policy: TitularModalPolicy,
  target: { sie: number; inscriptionId: number | null; personId: number | undefined },
): Promise<GuardianStudent[]> {
  const { sie, inscriptionId, personId } = target;
  if (!policy.siblings || inscriptionId === null || personId === undefined) return [];
  const answer = await policy.siblings.list({ sie, personId }).catch(() => null);
  return offeredSiblings(answer?.students ?? [], inscriptionId);
}

/**
 * Designates the offered siblings in one request, after the student's own save; the text of those
 * left out and why, or null when every one was designated (the count is notified either way).
 */
export async function designateSiblings(
  policy: TitularModalPolicy,
  target: { sie: number; personId: number },
  siblings: GuardianStudent[],
): Promise<string | null> {
  if (!policy.siblings) return null;
  const result = await policy.siblings.designate(
    target,
    siblings.map((s) => s.inscriptionId),
  );
  notifySuccess(siblingMessages.designated(result.designated + 1));
  if (result.notDesignated.length === 0) return null;
  return `${previousTitularsMessages.notDesignatedTitle(result.notDesignated.length)} ${result.notDesignated
    .map((s) => `${s.fullName}: ${s.reason}`)
    .join('; ')}`;
}
