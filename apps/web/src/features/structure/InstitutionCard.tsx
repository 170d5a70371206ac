import type { InstitutionCard as Card } from '@bjp/domain';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconSwitchHorizontal } from '@tabler/icons-react';

type Props = {
  card: Card;
  /** 'Cambiar Institución': back to the finder or the dropdown. Omitted, the button is not shown. */
  onChange?: () => void;
  changeLabel?: string;
};

/** The selected school: name, type, SIE and place, with 'Cambiar Institución'. */
export function InstitutionCard({ card, onChange, changeLabel = 'Cambiar Institución' }: Props) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="institution-card">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconBuildingCommunity size={22} stroke={1.6} style={{ flexShrink: 0, marginTop: 2 }} />
          <Text fw={600} lh={1.3}>
            {card.name}
          </Text>
        </Group>
        <Group gap={6}>
          {/* In a narrow card the long type ('CENTRO DE EDUCACIÓN ESPECIAL') wraps instead of being cut. */}
          <Badge
            variant="light"
            color={card.codeType === 4 ? 'grape' : 'blue'}
            h="auto"
            py={2}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
          >
            {card.typeName}
          </Badge>
          <Badge variant="outline" color="gray">
            SIE {card.sie}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {card.departmentName} · {card.districtName}
        </Text>
        {onChange && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconSwitchHorizontal size={14} />}
            onClick={onChange}
          >
            {changeLabel}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
