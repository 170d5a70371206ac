import { parseDateText } from '@bjp/domain';
import { DateInput, type DateInputProps } from '@mantine/dates';

/** A day as the forms ask it: shown dd/mm/aaaa, typed so or picked (the domain's parser reads it). */
export function DayInput(props: DateInputProps) {
  return <DateInput valueFormat="DD/MM/YYYY" dateParser={parseDateText} {...props} />;
}
