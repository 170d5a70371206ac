// Step 3 of the entry's evaluation (see main.tsx): Mantine's core, then a new task.
import '@mantine/core';
import { nextTask } from './next-task';

await nextTask();
