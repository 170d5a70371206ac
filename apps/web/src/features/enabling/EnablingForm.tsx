import {
  type EnablingKind,
  type EnablingPreview,
  enablingConfirmation,
  enablingMessages,
  enablingRequest,
} from '@bjp/domain';
import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/api';
import { confirmAction, showErrorDialog } from '../../ui/ConfirmDialog';
import { notifySuccess, notifyWarning } from '../../ui/notify';
import { fetchEnablingPreview, useEnable } from './api';

type Props = { kind: EnablingKind; codeLabel: string; buttonLabel: string };

/**
 * The numeric code ('Ingrese un código valido.' when empty), the reason the school is reopened (kept
 * with the audit trail), a check that the school exists and is consolidated, '¿Esta Seguro?' naming
 * the school, then 'Habilitación exitosa' or the dialog
 * 'Falla en el la habilitación!!!' with the server's message.
 */
export function EnablingForm({ kind, codeLabel, buttonLabel }: Props) {
  const enable = useEnable(kind);
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ sie?: string; reason?: string }>({});
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setErrors({ sie: enablingMessages.enterValidCode });
      notifyWarning(enablingMessages.enterValidCode);
      return;
    }
    const parsed = enablingRequest.safeParse({ sie: code, reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === 'sie' ? 'sie' : 'reason';
      setErrors({ [field]: issue?.message });
      notifyWarning(issue?.message ?? enablingMessages.enterValidCode);
      return;
    }
    setErrors({});
    // The school is checked first: an unknown or unconsolidated code is said before '¿Esta Seguro?'.
    setChecking(true);
    let school: EnablingPreview;
    try {
      school = await fetchEnablingPreview(kind, Number(parsed.data.sie));
    } catch (error) {
      showErrorDialog(errorMessage(error), enablingMessages.failed);
      return;
    } finally {
      setChecking(false);
    }
    const message = enablingConfirmation(kind, school.sie, school.institutionName);
    if (!(await confirmAction({ message }))) return;
    try {
      const result = await enable.mutateAsync(parsed.data);
      notifySuccess(`${result.institutionName} (${result.sie})`, result.message);
      setCode('');
      setReason('');
    } catch (error) {
      showErrorDialog(errorMessage(error), enablingMessages.failed);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={codeLabel}
          inputMode="numeric"
          maxLength={10}
          value={code}
          error={errors.sie}
          onChange={(e) => {
            setCode(e.currentTarget.value.replace(/\D/g, ''));
            setErrors({});
          }}
        />
        <Textarea
          label={enablingMessages.reasonLabel}
          description="Queda registrado en el historial y la auditoría."
          value={reason}
          error={errors.reason}
          maxLength={500}
          autosize
          minRows={2}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setErrors({});
          }}
        />
        <Button type="submit" leftSection={<IconLockOpen size={16} />} loading={checking || enable.isPending}>
          {buttonLabel}
        </Button>
      </Stack>
    </form>
  );
}
