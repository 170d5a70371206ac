import { SEARCH_MAX_LENGTH } from '@bjp/domain';
import { Paper, Tabs, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Props<T extends string> = {
  tabs: ReadonlyArray<{ id: T; label: string }>;
  tab: T;
  onTabChange: (value: string | null) => void;
  /** The search box's text as typed (useUrlText), its placeholder and its accessible name. */
  search: string;
  onSearchChange: (text: string) => void;
  searchPlaceholder: string;
  searchLabel: string;
  /** The list of one tab; only the open tab's is mounted. */
  children: (tab: T) => ReactNode;
};

/** A card with tabs over one list and a search box above it (events, users). */
export function TabbedSearchList<T extends string>(props: Props<T>) {
  const { tabs, tab, onTabChange, search, onSearchChange } = props;
  return (
    <Paper withBorder radius="md" p="md">
      <Tabs value={tab} onChange={onTabChange} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((t) => (
            <Tabs.Tab key={t.id} value={t.id}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <TextInput
          mb="md"
          maw={360}
          leftSection={<IconSearch size={16} />}
          placeholder={props.searchPlaceholder}
          aria-label={props.searchLabel}
          maxLength={SEARCH_MAX_LENGTH}
          value={search}
          onChange={(e) => onSearchChange(e.currentTarget.value)}
        />
        {tabs.map((t) => (
          <Tabs.Panel key={t.id} value={t.id}>
            {props.children(t.id)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}
