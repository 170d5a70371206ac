import { Paper, Tabs } from '@mantine/core';
import { FormSettings } from './FormSettings';
import { PropertiesPanel } from './PropertiesPanel';
import type { useBuilder } from './use-builder';

type Builder = ReturnType<typeof useBuilder>;

/** The right panel: the selected field's 'Propiedades' and the form's own settings. */
export function BuilderSidePanel({ builder }: { builder: Builder }) {
  const { state, dispatch, validation } = builder;
  const selectedIndex = state.fields.findIndex((f) => f.id === state.selectedId);
  const selected = selectedIndex >= 0 ? state.fields[selectedIndex] : null;
  return (
    <Paper withBorder p="sm">
      <Tabs defaultValue="properties">
        <Tabs.List mb="sm">
          <Tabs.Tab value="properties">Propiedades</Tabs.Tab>
          <Tabs.Tab value="form">Formulario</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="properties">
          <PropertiesPanel
            field={selected ?? null}
            problem={validation.fieldProblems[selectedIndex]}
            onChange={(field) => dispatch({ type: 'update', id: field.id, field })}
            onRemove={(id) => dispatch({ type: 'remove', id })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="form">
          <FormSettings
            description={state.description}
            config={state.config}
            onDescription={(description) => dispatch({ type: 'meta', description })}
            onConfig={(config) => dispatch({ type: 'meta', config })}
          />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
