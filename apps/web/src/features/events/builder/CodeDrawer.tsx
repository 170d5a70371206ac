import { eventMessages, type FormDefinition, fileNameOf } from '@bjp/domain';
import { Button, Code, Drawer, Group, Modal, Radio, ScrollArea, Stack, Tabs } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { copyText, downloadText } from './clipboard';
import { type CodeKind, generateCode } from './codegen';

type Props = { opened: boolean; onClose: () => void; name: string; definition: FormDefinition };

/** First the kind of code ('Crear' / 'Cancelar'), then the side drawer with the code, 'Descargar' and 'Copiar'. */
export function CodeDrawer({ opened, onClose, name, definition }: Props) {
  const [kind, setKind] = useState<CodeKind>('page');
  const [shown, setShown] = useState(false);
  const [tab, setTab] = useState<string | null>('html');
  const html = generateCode(name, definition, kind);
  const json = JSON.stringify(definition, null, 2);
  const current = tab === 'json' ? json : html;

  const close = () => {
    setShown(false);
    onClose();
  };
  const copy = async () => {
    if (await copyText(current)) notifySuccess('El código se copió al portapapeles.', eventMessages.copied);
    else notifyError('No se pudo copiar el código.');
  };
  const download = () => {
    const base = fileNameOf(name, 'formulario');
    if (tab === 'json') downloadText(`${base}.json`, json, 'application/json');
    else downloadText(`${base}.html`, html);
  };

  return (
    <>
      <Modal opened={opened && !shown} onClose={close} title="Generar código" centered size="sm">
        <Stack>
          <Radio.Group
            label="Tipo de código"
            value={kind}
            onChange={(v) => setKind(v === 'dialog' ? 'dialog' : 'page')}
          >
            <Group mt={6}>
              <Radio value="page" label="Página" />
              <Radio value="dialog" label="Diálogo" />
            </Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button onClick={() => setShown(true)}>Crear</Button>
          </Group>
        </Stack>
      </Modal>
      <Drawer opened={opened && shown} onClose={close} position="right" size="xl" title="Código generado">
        <Stack>
          <Group>
            <Button leftSection={<IconDownload size={16} />} variant="light" onClick={download}>
              Descargar
            </Button>
            <Button leftSection={<IconCopy size={16} />} onClick={copy}>
              Copiar
            </Button>
          </Group>
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List>
              <Tabs.Tab value="html">HTML</Tabs.Tab>
              <Tabs.Tab value="json">Definición (JSON)</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <ScrollArea h="calc(100dvh - 200px)">
            <Code block data-testid="generated-code">
              {current}
            </Code>
          </ScrollArea>
        </Stack>
      </Drawer>
    </>
  );
}
