import type { EventDetail, EventFileKind } from '@bjp/domain';
import { FileInput, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { EventFormValues } from './event-form-values';

const fileLabels: Record<EventFileKind, string> = {
  banner: 'Banner',
  poster: 'Afiche',
  regulation: 'Reglamento',
};
const images = 'image/png,image/jpeg,image/gif,image/webp';

/** The banner, poster and regulation inputs; on an edit each names the current file it would replace. */
export function EventFiles({
  form,
  event,
}: {
  form: UseFormReturnType<EventFormValues>;
  event?: EventDetail;
}) {
  const editing = event !== undefined;
  const currentFile = (kind: EventFileKind) => {
    const file = event?.currentFiles.find((f) => f.kind === kind);
    if (!editing) return kind === 'regulation' ? 'PDF, hasta 1024 KB' : 'Imagen, hasta 1024 KB';
    return file
      ? `Actual: ${file.originalName} (v${file.version}). Elija otro para reemplazarlo.`
      : 'Sin archivo.';
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <FileInput
        label={fileLabels.banner}
        description={currentFile('banner')}
        accept={images}
        clearable
        {...form.getInputProps('banner')}
      />
      <FileInput
        label={fileLabels.poster}
        description={currentFile('poster')}
        accept={images}
        clearable
        {...form.getInputProps('poster')}
      />
      <FileInput
        label={fileLabels.regulation}
        description={currentFile('regulation')}
        withAsterisk={!editing}
        accept="application/pdf"
        clearable
        {...form.getInputProps('regulation')}
      />
    </SimpleGrid>
  );
}
