import { compileUserPattern, eventMessages, type PatternRule } from '@bjp/domain';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/**
 * Custom pattern rules: empty pattern, 'Ingresar valor válido', checked on blur unless changed (part 1 §5).
 * A pattern RE2 cannot run (backreferences, lookarounds) shows the message the server gives at save.
 */
export function RulesEditor({
  fieldLabel,
  rules,
  onChange,
}: {
  fieldLabel: string;
  rules: PatternRule[];
  onChange: (rules: PatternRule[]) => void;
}) {
  const setRule = (index: number, changes: Partial<PatternRule>) =>
    onChange(rules.map((r, i) => (i === index ? { ...r, ...changes } : r)));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Reglas
      </Text>
      {rules.map((rule, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rules are edited in place; the index is their identity here
        <Paper key={index} withBorder p={6}>
          <Stack gap={4}>
            <Group gap={4} wrap="nowrap">
              <TextInput
                size="xs"
                style={{ flex: 1 }}
                aria-label={`Expresión regla ${index + 1}`}
                placeholder="Expresión regular"
                value={rule.pattern}
                error={
                  rule.pattern && !compileUserPattern(rule.pattern).ok
                    ? eventMessages.invalidPattern(fieldLabel)
                    : undefined
                }
                onChange={(e) => setRule(index, { pattern: e.currentTarget.value })}
              />
              <ActionIcon
                size="sm"
                color="red"
                variant="subtle"
                aria-label={`Quitar regla ${index + 1}`}
                onClick={() => onChange(rules.filter((_, i) => i !== index))}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
            <TextInput
              size="xs"
              aria-label={`Mensaje regla ${index + 1}`}
              value={rule.message}
              onChange={(e) => setRule(index, { message: e.currentTarget.value })}
            />
            <Select
              size="xs"
              aria-label={`Disparador regla ${index + 1}`}
              value={rule.trigger}
              comboboxProps={{ keepMounted: false }}
              data={[
                { value: 'blur', label: 'Al salir del campo (blur)' },
                { value: 'change', label: 'Al cambiar (change)' },
              ]}
              onChange={(v) => setRule(index, { trigger: v === 'change' ? 'change' : 'blur' })}
            />
          </Stack>
        </Paper>
      ))}
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconPlus size={12} />}
        onClick={() =>
          onChange([...rules, { pattern: '', message: eventMessages.patternDefault, trigger: 'blur' }])
        }
      >
        Agregar regla
      </Button>
    </Stack>
  );
}
